// The pieces every strict decoder is built from: a verdict that never throws, and readers of one field each that name the field when it breaks its rule.

/** A decoder's verdict: the value, or one problem naming the field that broke. It never throws. */
export type Verdict<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

/** Problem is what a reader throws inside verdict(): the one thing wrong, in words. */
export class Problem {
  constructor(readonly text: string) {}
}

/** An object read from JSON, field by field. */
export type Fields = { readonly [field: string]: unknown };

/** verdict runs read, turning the first Problem it throws into a verdict that names it. */
export function verdict<T>(read: () => T): Verdict<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    if (error instanceof Problem) {
      return { ok: false, problem: error.text };
    }
    throw error;
  }
}

/** fields reads value as an object, or names `where` as not one. */
export function fields(value: unknown, where: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Problem(`${where} is not an object`);
  }
  return value as Fields;
}

function own(value: Fields, name: string): unknown {
  return Object.hasOwn(value, name) ? value[name] : undefined;
}

/** has says whether value holds name with anything but null. */
export function has(value: Fields, name: string): boolean {
  const field = own(value, name);
  return field !== undefined && field !== null;
}

/** text reads a string field; with `empty: false` an empty string breaks the rule too. */
export function text(value: Fields, name: string, where: string, { empty = true } = {}): string {
  const field = own(value, name);
  if (typeof field !== 'string' || (!empty && field === '')) {
    throw new Problem(`${where}.${name} is not ${empty ? 'a string' : 'a non-empty string'}`);
  }
  return field;
}

/** maybeText reads a string field that may be absent or null, as null then. */
export function maybeText(value: Fields, name: string, where: string, { empty = true } = {}): string | null {
  return has(value, name) ? text(value, name, where, { empty }) : null;
}

/** whole reads a field holding a whole number at least min. */
export function whole(value: Fields, name: string, where: string, min = 0): number {
  const field = own(value, name);
  if (typeof field !== 'number' || !Number.isSafeInteger(field) || field < min) {
    throw new Problem(`${where}.${name} is not a whole number${min > 0 ? ` of ${min} or more` : ''}`);
  }
  return field;
}

/** maybeWhole reads a whole number that may be absent or null, as null then. */
export function maybeWhole(value: Fields, name: string, where: string, min = 0): number | null {
  return has(value, name) ? whole(value, name, where, min) : null;
}

/** flag reads a boolean field. */
export function flag(value: Fields, name: string, where: string): boolean {
  const field = own(value, name);
  if (typeof field !== 'boolean') {
    throw new Problem(`${where}.${name} is not true or false`);
  }
  return field;
}

/** list reads a field holding a list. */
export function list(value: Fields, name: string, where: string): readonly unknown[] {
  const field = own(value, name);
  if (!Array.isArray(field)) {
    throw new Problem(`${where}.${name} is not a list`);
  }
  return field as readonly unknown[];
}

/** maybeList reads a list that may be absent or null, as an empty list then. */
export function maybeList(value: Fields, name: string, where: string): readonly unknown[] {
  return has(value, name) ? list(value, name, where) : [];
}

/** texts reads a list of non-empty strings. */
export function texts(value: Fields, name: string, where: string): string[] {
  return list(value, name, where).map((item, i) => {
    if (typeof item !== 'string' || item === '') {
      throw new Problem(`${where}.${name}[${i}] is not a non-empty string`);
    }
    return item;
  });
}

/** oneOf reads a string field that must be one of values. */
export function oneOf<T extends string>(values: readonly T[], value: Fields, name: string, where: string): T {
  const field = text(value, name, where);
  if (!(values as readonly string[]).includes(field)) {
    throw new Problem(`${where}.${name} ${JSON.stringify(field)} is not one the client knows`);
  }
  return field as T;
}

/** instant reads a field holding an RFC 3339 time with its offset, as the service writes times. */
export function instant(value: Fields, name: string, where: string): string {
  const field = text(value, name, where);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(field) || Number.isNaN(Date.parse(field))) {
    throw new Problem(`${where}.${name} is not a time written in RFC 3339`);
  }
  return field;
}

/** maybeInstant reads a time that may be absent or null, as null then. */
export function maybeInstant(value: Fields, name: string, where: string): string | null {
  return has(value, name) ? instant(value, name, where) : null;
}
