// The booking page in a salon's own site: which origin the embed script named, and the height told to it alone.
import { describe, expect, it } from 'vitest';
import { embedderOf, heightMessage, tellHeight } from '../src/page/embedded';

describe('the page framed by the embed script', () => {
  it('reads the embedding origin, and nothing that isn\'t one', () => {
    expect(embedderOf('?embed=https%3A%2F%2Fstudio-nine.example')).toBe('https://studio-nine.example');
    expect(embedderOf('?embed=http%3A%2F%2Flocalhost%3A5173&x=1')).toBe('http://localhost:5173');
    for (const search of ['', '?embed=', '?embed=studio-nine.example', '?embed=https%3A%2F%2Fa.example%2Fpath', '?embed=javascript%3Aalert(1)', '?embed=https%3A%2F%2FA.example']) {
      expect(embedderOf(search), search).toBeNull();
    }
  });

  it('tells its height to the parent at that origin only, again when it changes', () => {
    const posted: [unknown, string][] = [];
    let height = 812.4;
    let resized = () => {};
    const parent = { postMessage: (message: unknown, origin: string) => posted.push([message, origin]) };
    const win = {
      parent,
      document: { documentElement: { getBoundingClientRect: () => ({ height }) } },
      ResizeObserver: class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
      },
    } as unknown as Window & typeof globalThis;
    tellHeight(win, 'https://studio-nine.example');
    resized(); // the same height: nothing more
    height = 1200;
    resized();
    expect(posted).toEqual([
      [{ type: heightMessage, height: 813 }, 'https://studio-nine.example'],
      [{ type: heightMessage, height: 1200 }, 'https://studio-nine.example'],
    ]);
    const alone = { parent: null as unknown, document: win.document, ResizeObserver: win.ResizeObserver } as unknown as Window & typeof globalThis;
    (alone as unknown as { parent: Window }).parent = alone;
    tellHeight(alone, 'https://studio-nine.example');
    expect(posted).toHaveLength(2);
  });
});

describe('the sites that may frame the booking page, in the owner\'s settings', () => {
  it('reads one origin a line, trimmed, a trailing slash dropped, blank lines left out', async () => {
    const { originsOf, placeOf } = await import('../src/owner/settings');
    expect(originsOf(' https://studio-nine.example/\n\n  http://localhost:5173 \n')).toEqual(['https://studio-nine.example', 'http://localhost:5173']);
    expect(originsOf('')).toEqual([]);
    expect(placeOf('embedOrigins[1]', new Set(['settings', 'embedOrigins']))).toBe('embedOrigins');
  });
});
