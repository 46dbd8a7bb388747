// The page's catalogs: every shipped language has every message, with the same placeholders as English; every message is used by the page, and each formats in its language; the language a page opens in follows the pick, the browser, then the salon.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { compileCatalog } from '../scripts/messages.mjs';
import { when } from '../src/calendar/zone';
import { chooseLanguage, say, shipped, speak } from '../src/i18n/say';
import type { VisitOutcome } from '../src/calendar/visit';
import { ready } from '../src/owner/messages';
import { toldVisit } from '../src/page/words';
import type { MessageId } from '../src/i18n/say';

const dir = new URL('../src/i18n/messages/', import.meta.url);
/** catalog is a shipped language's messages: the pages' and the owner's page's, which ship apart. */
const catalog = (code: string): Record<string, string> => ({
  ...(JSON.parse(readFileSync(new URL(`${code}.json`, dir), 'utf8')) as Record<string, string>),
  ...(JSON.parse(readFileSync(new URL(`owner/${code}.json`, dir), 'utf8')) as Record<string, string>),
});
const en = catalog('en');

/** argumentsOf are the placeholders a message names, plural and select variables included, sorted. */
function argumentsOf(elements: readonly MessageFormatElement[]): string[] {
  const names = new Set<string>();
  const walk = (list: readonly MessageFormatElement[]) => {
    for (const e of list) {
      if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) {
        names.add(e.value);
      }
      if (e.type === TYPE.plural || e.type === TYPE.select) {
        names.add(e.value);
        for (const option of Object.values(e.options)) {
          walk(option.value);
        }
      }
    }
  };
  walk(elements);
  return [...names].sort();
}

/** sources is the text of every source file of the page. */
function sources(at: string): string {
  let text = '';
  for (const name of readdirSync(at)) {
    const path = join(at, name);
    if (statSync(path).isDirectory()) {
      text += sources(path);
    } else if (/\.tsx?$/.test(name)) {
      text += readFileSync(path, 'utf8');
    }
  }
  return text;
}

describe('the catalogs', () => {
  it.each(shipped.filter((code) => code !== 'en'))('%s has every message English has, and no other, with the same placeholders', (code) => {
    const other = catalog(code);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [id, message] of Object.entries(en)) {
      expect(argumentsOf(parse(other[id] ?? '', { ignoreTag: true })), `${code} ${id}`).toEqual(argumentsOf(parse(message, { ignoreTag: true })));
      expect(other[id]?.trim(), `${code} ${id}`).not.toBe('');
    }
  });

  it('holds no message the page never says', () => {
    const text = sources(new URL('../src', import.meta.url).pathname);
    const unused = Object.keys(en).filter((id) => !text.includes(`'${id}'`) && !text.includes(`"${id}"`));
    expect(unused).toEqual([]);
  });

  it('compiles every message of every language, as the build does', () => {
    for (const code of shipped) {
      expect(Object.keys(compileCatalog(catalog(code)))).toHaveLength(Object.keys(en).length);
      const page = JSON.parse(readFileSync(new URL(`${code}.json`, dir), 'utf8')) as Record<string, string>;
      expect(Object.keys(page).filter((id) => /^(owner|cal|closure|settings|extras)\./.test(id)), `${code}: the owner's page's messages ship with it`).toEqual([]);
    }
  });

  it.each(shipped)('formats every message in %s with its placeholders filled', async (code) => {
    await ready;
    await speak(code);
    for (const [id, message] of Object.entries(en)) {
      const values = Object.fromEntries(argumentsOf(parse(message, { ignoreTag: true })).map((name) => [name, name === 'count' ? 2 : `<${name}>`]));
      const said = say(id as MessageId, values);
      expect(said, `${code} ${id}`).not.toMatch(/[{}]/);
      for (const value of Object.values(values)) {
        if (typeof value === 'string') {
          expect(said, `${code} ${id}`).toContain(value);
        }
      }
    }
    await speak('en');
  });
});

describe('the words in each language', () => {
  it('says a plural as each language counts', async () => {
    const seen: string[] = [];
    for (const code of shipped) {
      await speak(code);
      seen.push(say('times.later', { count: 1 }), say('times.later', { count: 4 }));
    }
    await speak('en');
    expect(seen).toEqual([
      'Show one more day',
      'Show 4 more days',
      'Einen weiteren Tag zeigen',
      '4 weitere Tage zeigen',
      'Afficher un jour de plus',
      'Afficher 4 jours de plus',
      'Mostrar un día más',
      'Mostrar 4 días más',
    ]);
  });

  it('reads a slot on its own wall clock in the page’s language, and keeps the salon’s label in English', async () => {
    const slot = '2026-12-05T10:30:00+01:00';
    expect(when(slot, 'Saturday 5 December, 10:30')).toBe('Saturday 5 December, 10:30');
    const seen: string[] = [];
    for (const code of ['de', 'fr', 'es'] as const) {
      await speak(code);
      seen.push(when(slot, 'Saturday 5 December, 10:30'));
    }
    await speak('en');
    expect(seen).toEqual(['Samstag, 5. Dezember, 10:30', 'samedi 5 décembre, 10:30', 'sábado, 5 de diciembre, 10:30']);
  });
});

describe('a page’s words about a held time', () => {
  it('write the held time in the page’s language, read from its slot', async () => {
    const outcome = {
      kind: 'pay',
      slot: '2026-12-05T10:30:00+01:00',
      label: 'Saturday 5 December, 10:30',
      payment: { message: 'Zahlen Sie die Anzahlung.', url: 'https://checkout.stripe.com/c/pay/cs_test', booking: 'b1' },
      again: false,
    } as unknown as VisitOutcome;
    expect(toldVisit(outcome).headline).toBe('Saturday 5 December, 10:30 is held for you while you pay the deposit.');
    await speak('de');
    const held = toldVisit(outcome).headline;
    const released = toldVisit({ kind: 'released', slot: '2026-12-05T10:30:00+01:00', label: 'Saturday 5 December, 10:30', say: '' }).headline;
    await speak('en');
    expect(held).toBe('Samstag, 5. Dezember, 10:30 ist für Sie reserviert, während Sie die Anzahlung bezahlen.');
    expect(released).toBe('Samstag, 5. Dezember, 10:30 wurde freigegeben: Die Anzahlung wurde nicht rechtzeitig bezahlt, deshalb ist nichts gebucht.');
  });
});

describe('the language a page opens in', () => {
  it.each([
    ['the pick on this device', 'fr', ['de-DE', 'en'], 'es', 'fr'],
    ['the browser’s first shipped language', null, ['it-IT', 'de-AT', 'en'], 'es', 'de'],
    ['the salon’s when the browser’s aren’t shipped', null, ['it-IT', 'pt'], 'es-MX', 'es'],
    ['English when neither is', null, ['ja'], 'it', 'en'],
    ['a pick that isn’t shipped is no pick', 'it', ['fr-CA'], 'de', 'fr'],
  ])('follows %s', (_, picked, browser, salon, want) => {
    expect(chooseLanguage(picked, browser, salon)).toBe(want);
  });
});
