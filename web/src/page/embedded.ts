// The booking page inside a salon's own site: which site framed it (the embed script names it in the address), and the page's height told to that site alone, so its frame fits the page.

/** The message's type the embed script reads. */
export const heightMessage = 'salon-booking:height';

/**
 * embedderOf is the origin the embed script named in search (?embed=<origin>), or null when the
 * page wasn't opened by it, or named something that isn't an http(s) origin.
 */
export function embedderOf(search: string): string | null {
  const named = new URLSearchParams(search).get('embed');
  if (named === null) {
    return null;
  }
  try {
    const url = new URL(named);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === named ? named : null;
  } catch {
    return null;
  }
}

/**
 * tellHeight posts the page's height to its parent, at origin only, now and whenever it changes.
 * Another site that framed the page with this origin in its address hears nothing: the browser
 * delivers a message only to the origin it names.
 */
export function tellHeight(win: Window & typeof globalThis, origin: string): void {
  if (win.parent === win) {
    return;
  }
  const doc = win.document.documentElement;
  let told = -1;
  const tell = () => {
    const height = Math.ceil(doc.getBoundingClientRect().height);
    if (height !== told) {
      told = height;
      win.parent.postMessage({ type: heightMessage, height }, origin);
    }
  };
  new win.ResizeObserver(tell).observe(doc);
  tell();
}
