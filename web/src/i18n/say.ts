// The page's words: the language the customer reads, chosen among those shipped, and every message in it, formatted by FormatJS (ICU plurals) from catalogs compiled at build time (scripts/messages.mjs). English is in the page; another language's catalog is fetched the first time it is chosen.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { useSyncExternalStore } from 'react';
import en from 'virtual:messages/en';
import type source from './messages/en.json';
import type ownerSource from './messages/owner/en.json';

/** The languages the page speaks, English first, as BCP 47 codes. */
export const shipped = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof shipped)[number];

/** Each language's own name for itself, as the picker shows it. */
export const endonyms: Readonly<Record<Language, string>> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' };

/** The id of one message of the catalogs: the pages' and the owner's page's. */
export type MessageId = keyof typeof source | keyof typeof ownerSource;

/** What a message's placeholders are filled with. */
export type Values = Readonly<Record<string, string | number>>;

/** A compiled catalog: each message's FormatJS AST, or its words when it has nothing to fill in, by id. */
export type Catalog = Readonly<Record<string, string | MessageFormatElement[]>>;

/** A part of the catalogs that comes with a page of its own (the owner's), each language fetched when it is spoken. */
export type Part = Readonly<Record<Language, () => Promise<{ default: Catalog }>>>;

const loaders: Readonly<Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalog }>>> = {
  de: () => import('virtual:messages/de'),
  fr: () => import('virtual:messages/fr'),
  es: () => import('virtual:messages/es'),
};

let current: Language = 'en';
let catalog: Catalog = en;
const parts: Part[] = [];
const formats = new Map<string, IntlMessageFormat>();
const listeners = new Set<() => void>();

/** say is the message id in the current language, its placeholders filled from values. */
export function say(id: MessageId, values?: Values): string {
  const message = catalog[id] ?? en[id] ?? id;
  if (typeof message === 'string') {
    return message;
  }
  let format = formats.get(id);
  if (format === undefined) {
    format = new IntlMessageFormat(message, current);
    formats.set(id, format);
  }
  return String(format.format(values));
}

/** language is the language the page speaks now. */
export function language(): Language {
  return current;
}

/** isShipped reports whether code is one of the shipped languages. */
export function isShipped(code: string): code is Language {
  return (shipped as readonly string[]).includes(code);
}

/** speak makes language the page's: it fetches its catalog the first time, then every page that says something says it again. */
export async function speak(next: Language): Promise<void> {
  const loaded = await Promise.all([next === 'en' ? en : loaders[next]().then((m) => m.default), ...parts.map((part) => part[next]().then((m) => m.default))]);
  current = next;
  catalog = Object.assign({}, ...loaded) as Catalog;
  formats.clear();
  if (typeof document !== 'undefined') {
    document.documentElement.lang = next;
  }
  for (const listener of listeners) {
    listener();
  }
}

/** addPart makes part's messages the page's too, in the language spoken now and in every one spoken after. */
export function addPart(part: Part): Promise<void> {
  parts.push(part);
  return speak(current);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** useSay is say for a component, which renders again when the language changes. */
export function useSay(): typeof say {
  useSyncExternalStore(subscribe, language, language);
  return say;
}

/**
 * chooseLanguage is the language a page opens in: the one the customer picked before, else the
 * first of the browser's languages that is shipped (by its language alone: de-AT is de), else the
 * salon's, else English.
 */
export function chooseLanguage(picked: string | null, browser: readonly string[], salon?: string): Language {
  if (picked !== null && isShipped(picked)) {
    return picked;
  }
  const fromBrowser = browserLanguage(browser);
  if (fromBrowser !== null) {
    return fromBrowser;
  }
  const base = salon?.split('-')[0]?.toLowerCase() ?? '';
  return isShipped(base) ? base : 'en';
}

/** browserLanguage is the first of the browser's languages that is shipped, or null. */
export function browserLanguage(browser: readonly string[]): Language | null {
  for (const tag of browser) {
    const base = tag.split('-')[0]?.toLowerCase() ?? '';
    if (isShipped(base)) {
      return base;
    }
  }
  return null;
}

/** locale is the page's language as Intl's formats take it: British English for English, so dates read "Saturday 5 December". */
export function locale(): string {
  return current === 'en' ? 'en-GB' : current;
}

/** Where the customer's pick of a language is kept, on this device. */
export const pickedKey = 'salon-booking-language';

/** The language a salon speaks, when the browser's languages aren't shipped: the page follows it. */
let followsSalon = false;

/**
 * startLanguage is the language the page opens in (chooseLanguage, from this device's pick and the
 * browser's languages), made the page's before the first render; until a salon's page is read
 * without a pick or a shipped browser language, the page then follows the salon's (followSalon).
 */
export async function startLanguage(storage: Storage, browser: readonly string[]): Promise<void> {
  const picked = storage.getItem(pickedKey);
  followsSalon = !(picked !== null && isShipped(picked)) && browserLanguage(browser) === null;
  await speak(chooseLanguage(picked, browser));
}

/** followSalon speaks the salon's language (a BCP 47 tag), when neither a pick nor the browser chose one. */
export function followSalon(salon: string): void {
  const base = salon.split('-')[0]?.toLowerCase() ?? '';
  if (followsSalon && isShipped(base) && base !== current) {
    void speak(base);
  }
}

/** pick makes language the page's and keeps it on this device, so the next visit opens in it. */
export function pick(storage: Storage, next: Language): Promise<void> {
  storage.setItem(pickedKey, next);
  followsSalon = false;
  return speak(next);
}
