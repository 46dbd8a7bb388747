// The consumer-driven contract check: what the client relies on, per round, compared with the provider's OpenAPI document by one pure function.

/** A field's type as the consumer writes it: a JSON Schema type, or `array of <type>`. */
export type DeclaredType = string;

/** A field the client sends: its type, or every value it may send. */
export type Sent = DeclaredType | { readonly sends: readonly string[] };

/** A field the client reads: its type, or every value it handles. */
export type Read = DeclaredType | { readonly handles: readonly string[] };

/** How the client authenticates a round: with the owner's bearer token, or not at all. */
export type Security = 'bearer' | 'none';

export interface Round {
  readonly round: string;
  /**
   * Set on a round whose route the provider is still to gain: while the provider has no such
   * route the round is not compared (and is no difference); once it has, it is compared in full.
   * It says what the route is waiting for.
   */
  readonly awaits?: string;
  readonly route: { readonly method: string; readonly path: string; readonly operationId?: string; readonly security?: Security };
  /**
   * Request body fields, as dotted paths; absent when the client sends no body. `[]` after a
   * name steps into a list's items, here and in `read`: `openSlots[].label`.
   */
  readonly sent?: Readonly<Record<string, Sent>>;
  /** Fields of the reply with this status, as dotted paths. */
  readonly read: { readonly status: number; readonly fields: Readonly<Record<string, Read>> };
}

/** The consumer's copy: the parts of the provider's document the client relies on. */
export interface ConsumerContract {
  readonly consumer: string;
  readonly rounds: readonly Round[];
}

/** ContractError says why a consumer's copy can't be read. */
export class ContractError extends Error {
  override name = 'ContractError';
}

type Json = { readonly [key: string]: unknown };

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function get(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

function parseValues(where: string, value: unknown, key: 'sends' | 'handles'): DeclaredType | { [k: string]: string[] } {
  if (typeof value === 'string') {
    return value;
  }
  const values = get(value, key);
  if (!isStrings(values) || values.length === 0) {
    throw new ContractError(`${where} must be a type or {"${key}": [values]}`);
  }
  return { [key]: values };
}

function parseFields<T>(where: string, value: unknown, key: 'sends' | 'handles'): Record<string, T> {
  if (!isObject(value)) {
    throw new ContractError(`${where} must be an object of fields`);
  }
  const fields: Record<string, T> = {};
  for (const [name, field] of Object.entries(value)) {
    fields[name] = parseValues(`${where}.${name}`, field, key) as T;
  }
  return fields;
}

/** parseContract reads a consumer's copy from JSON, or throws a ContractError naming what is wrong. */
export function parseContract(value: unknown): ConsumerContract {
  const consumer = get(value, 'consumer');
  const rounds = get(value, 'rounds');
  if (typeof consumer !== 'string' || !Array.isArray(rounds) || rounds.length === 0) {
    throw new ContractError('a consumer contract has a "consumer" name and a list of "rounds"');
  }
  return {
    consumer,
    rounds: rounds.map((round: unknown, index): Round => {
      const name = get(round, 'round');
      const route = get(round, 'route');
      const method = get(route, 'method');
      const path = get(route, 'path');
      const operationId = get(route, 'operationId');
      const security = get(route, 'security');
      const status = get(get(round, 'read'), 'status');
      if (typeof name !== 'string' || typeof method !== 'string' || typeof path !== 'string') {
        throw new ContractError(`rounds[${index}] needs a "round" name and a "route" with a method and a path`);
      }
      if (operationId !== undefined && typeof operationId !== 'string') {
        throw new ContractError(`${name}: route.operationId must be a string`);
      }
      if (security !== undefined && security !== 'bearer' && security !== 'none') {
        throw new ContractError(`${name}: route.security must be "bearer" or "none"`);
      }
      if (typeof status !== 'number') {
        throw new ContractError(`${name}: read.status must be an HTTP status`);
      }
      const sent = get(round, 'sent');
      const awaits = get(round, 'awaits');
      if (awaits !== undefined && typeof awaits !== 'string') {
        throw new ContractError(`${name}: awaits must say what the route waits for`);
      }
      return {
        round: name,
        ...(awaits === undefined ? {} : { awaits }),
        route: {
          method,
          path,
          ...(operationId === undefined ? {} : { operationId }),
          ...(security === undefined ? {} : { security }),
        },
        ...(sent === undefined ? {} : { sent: parseFields<Sent>(`${name}: sent`, sent, 'sends') }),
        read: { status, fields: parseFields<Read>(`${name}: read.fields`, get(get(round, 'read'), 'fields'), 'handles') },
      };
    }),
  };
}

/** The provider's document, navigated without trusting its shape. */
class Provider {
  constructor(readonly document: unknown) {}

  /** deref follows local $refs (#/a/b), stopping at a cycle. */
  deref(schema: unknown, seen: ReadonlySet<string> = new Set()): unknown {
    const ref = get(schema, '$ref');
    if (typeof ref !== 'string' || !ref.startsWith('#/') || seen.has(ref)) {
      return schema;
    }
    const target = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((at, part) => get(at, part), this.document);
    return this.deref(target, new Set([...seen, ref]));
  }

  /** branches flattens a schema's $ref, oneOf, anyOf and allOf into the plain schemas it may be. */
  branches(schema: unknown, depth = 0): Json[] {
    const plain = this.deref(schema);
    if (!isObject(plain) || depth > 16) {
      return [];
    }
    const parts = ['oneOf', 'anyOf', 'allOf'].flatMap((key) => {
      const list = get(plain, key);
      return Array.isArray(list) ? list.flatMap((part: unknown) => this.branches(part, depth + 1)) : [];
    });
    const hasOwnShape = ['type', 'properties', 'additionalProperties', 'enum', 'const', 'items'].some((key) =>
      Object.hasOwn(plain, key),
    );
    return hasOwnShape || parts.length === 0 ? [plain, ...parts] : parts;
  }

  /** child is what a field of an object schema may be: none when no branch declares it. */
  child(schemas: readonly Json[], name: string): Json[] {
    return schemas.flatMap((schema) => {
      const property = get(get(schema, 'properties'), name);
      if (property !== undefined) {
        return this.branches(property);
      }
      const extra = get(schema, 'additionalProperties');
      if (isObject(extra)) {
        return this.branches(extra).concat(Object.keys(extra).length === 0 ? [{}] : []);
      }
      const open = extra === true || (extra === undefined && get(schema, 'properties') === undefined && get(schema, 'type') === 'object');
      return open ? [{}] : [];
    });
  }

  /** items is what an array schema's items may be. */
  items(schemas: readonly Json[]): Json[] {
    return schemas.flatMap((schema) => (get(schema, 'type') === 'array' ? this.branches(get(schema, 'items')) : []));
  }

  field(root: unknown, path: string): Json[] {
    return path.split('.').reduce<Json[]>((schemas, name) => {
      const list = name.endsWith('[]');
      const found = this.child(schemas, list ? name.slice(0, -2) : name);
      return list ? this.items(found) : found;
    }, this.branches(root));
  }

  /** typeOf names a schema's type as a consumer writes it; `any` when the schema doesn't say. */
  typeOf(schema: Json): string {
    const type = get(schema, 'type');
    const name = Array.isArray(type) ? type.find((t) => t !== 'null') : type;
    if (typeof name !== 'string') {
      return 'any';
    }
    if (name !== 'array') {
      return name;
    }
    const items = this.branches(get(schema, 'items'));
    const itemTypes = [...new Set(items.map((item) => this.typeOf(item)))];
    return `array of ${itemTypes.length === 1 ? itemTypes[0] : 'any'}`;
  }

  /** valuesOf is every value the schemas allow, or undefined when one of them allows any. */
  valuesOf(schemas: readonly Json[]): string[] | undefined {
    const values: string[] = [];
    for (const schema of schemas) {
      const listed = get(schema, 'enum') ?? (Object.hasOwn(schema, 'const') ? [get(schema, 'const')] : undefined);
      if (!Array.isArray(listed)) {
        return undefined;
      }
      for (const value of listed) {
        if (typeof value === 'string' && !values.includes(value)) {
          values.push(value);
        }
      }
    }
    return values;
  }
}

interface Difference {
  readonly round: string;
  readonly where: string;
  readonly what: string;
}

const shape = (path: string) => path.replaceAll(/\{[^}]*\}/g, '{}');
const parameters = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? '');
const quoted = (values: readonly string[]) => values.map((value) => JSON.stringify(value)).join(', ');

function findOperation(provider: Provider, round: Round, differ: (where: string, what: string) => void): unknown {
  const { method, path, operationId } = round.route;
  const where = `route ${method.toUpperCase()} ${path}`;
  const paths = get(provider.document, 'paths');
  if (!isObject(paths)) {
    differ(where, 'the provider has no paths at all');
    return undefined;
  }
  const verb = method.toLowerCase();
  const candidates = Object.keys(paths).filter((p) => shape(p) === shape(path) && get(paths[p], verb) !== undefined);
  const exact = candidates.find((p) => p === path);
  const found = exact ?? candidates[0];
  if (found === undefined) {
    differ(where, Object.hasOwn(paths, path) ? `the provider has no ${method.toUpperCase()} on this path` : 'the provider has no such route');
    return undefined;
  }
  if (exact === undefined) {
    const theirs = parameters(found);
    parameters(path).forEach((mine, index) => {
      if (theirs[index] !== mine) {
        differ(where, `the provider calls the path parameter {${theirs[index] ?? ''}}, not {${mine}}`);
      }
    });
  }
  const operation = provider.deref(get(paths[found], verb));
  if (exact !== undefined) {
    // The template agrees; the parameters the provider declares must too.
    const declared = [get(paths[found], 'parameters'), get(operation, 'parameters')]
      .flatMap((list) => (Array.isArray(list) ? list.map((parameter: unknown) => provider.deref(parameter)) : []))
      .filter((parameter) => get(parameter, 'in') === 'path')
      .map((parameter) => get(parameter, 'name'));
    const strangers = declared.filter((name) => typeof name === 'string' && !parameters(path).includes(name));
    for (const mine of parameters(path).filter((name) => !declared.includes(name))) {
      const theirs = strangers.shift();
      differ(
        where,
        typeof theirs === 'string'
          ? `the provider calls the path parameter {${theirs}}, not {${mine}}`
          : `the provider declares no path parameter {${mine}}`,
      );
    }
  }
  const theirId = get(operation, 'operationId');
  if (operationId !== undefined && theirId !== operationId) {
    differ(where, `the provider's operationId is ${JSON.stringify(theirId ?? null)}, not ${JSON.stringify(operationId)}`);
  }
  if (round.route.security !== undefined) {
    const bearer = asksForBearer(provider, operation);
    if (round.route.security === 'bearer' && !bearer) {
      differ(where, 'the provider asks for no bearer token; the client sends one');
    }
    if (round.route.security === 'none' && bearer) {
      differ(where, 'the provider asks for a bearer token; the client sends none');
    }
  }
  return operation;
}

/** asksForBearer says whether an operation (or, lacking its own, the document) requires an HTTP bearer scheme. */
function asksForBearer(provider: Provider, operation: unknown): boolean {
  const own = get(operation, 'security');
  const requirements = Array.isArray(own) ? own : get(provider.document, 'security');
  if (!Array.isArray(requirements)) {
    return false;
  }
  const schemes = get(get(provider.document, 'components'), 'securitySchemes');
  // Any one requirement satisfies the operation, so it asks for a bearer only when every one names one.
  return (
    requirements.length > 0 &&
    requirements.every((requirement: unknown) =>
      isObject(requirement) &&
      Object.keys(requirement).some((name) => {
        const scheme = provider.deref(get(schemes, name));
        return get(scheme, 'type') === 'http' && String(get(scheme, 'scheme')).toLowerCase() === 'bearer';
      }),
    )
  );
}

function jsonSchema(provider: Provider, holder: unknown): unknown {
  return get(get(get(provider.deref(holder), 'content'), 'application/json'), 'schema');
}

function compareType(
  provider: Provider,
  schemas: readonly Json[],
  declared: DeclaredType,
  reading: boolean,
  differ: (what: string) => void,
): void {
  const theirs = [...new Set(schemas.map((schema) => provider.typeOf(schema)))].filter(
    (type) => !(type === 'any' && !reading),
  );
  const wrong = theirs.filter((type) => type !== declared);
  if (wrong.length > 0) {
    differ(
      wrong.includes('any')
        ? `the provider doesn't say its type; the client ${reading ? 'reads' : 'sends'} ${declared}`
        : `the provider's type is ${wrong.join(' or ')}, not ${declared}`,
    );
  }
}

/** hasRoute says whether the provider has the round's method on a path of the round's shape. */
function hasRoute(provider: Provider, round: Round): boolean {
  const paths = get(provider.document, 'paths');
  return isObject(paths) && Object.keys(paths).some((p) => shape(p) === shape(round.route.path) && get(paths[p], round.route.method.toLowerCase()) !== undefined);
}

function compareRound(provider: Provider, round: Round, note: (difference: Difference) => void): void {
  if (round.awaits !== undefined && !hasRoute(provider, round)) {
    return;
  }
  const differ = (where: string, what: string) => note({ round: round.round, where, what });
  const operation = findOperation(provider, round, differ);
  if (operation === undefined) {
    return;
  }
  const request = jsonSchema(provider, get(operation, 'requestBody'));
  if (round.sent === undefined) {
    if (get(provider.deref(get(operation, 'requestBody')), 'required') === true) {
      differ('request body', 'the provider requires a body; the client sends none');
    }
  } else if (request === undefined) {
    differ('request body', 'the provider takes no JSON body');
  } else {
    for (const [path, sent] of Object.entries(round.sent)) {
      const where = `request field ${path}`;
      const schemas = provider.field(request, path);
      if (schemas.length === 0) {
        differ(where, "the provider's request has no such field");
        continue;
      }
      if (typeof sent === 'string') {
        compareType(provider, schemas, sent, false, (what) => differ(where, what));
        continue;
      }
      compareType(provider, schemas, 'string', false, (what) => differ(where, what));
      const accepted = provider.valuesOf(schemas.filter((schema) => Object.keys(schema).length > 0));
      for (const value of sent.sends) {
        if (accepted !== undefined && !accepted.includes(value)) {
          differ(where, `the client sends ${JSON.stringify(value)}, which the provider doesn't accept`);
        }
      }
    }
  }
  const status = String(round.read.status);
  const response = get(get(operation, 'responses'), status);
  if (Object.keys(round.read.fields).length === 0) {
    // The client reads no field: the status alone (a 204, or a calendar file) must be one the provider answers.
    if (response === undefined) {
      differ(`reply ${status}`, 'the provider has no such reply');
    }
    return;
  }
  const reply = jsonSchema(provider, response);
  if (reply === undefined) {
    differ(`reply ${status}`, 'the provider has no such JSON reply');
    return;
  }
  for (const [path, read] of Object.entries(round.read.fields)) {
    const where = `reply ${status} field ${path}`;
    const schemas = provider.field(reply, path);
    if (schemas.length === 0) {
      differ(where, "the provider's reply has no such field");
      continue;
    }
    if (typeof read === 'string') {
      compareType(provider, schemas, read, true, (what) => differ(where, what));
      continue;
    }
    compareType(provider, schemas, 'string', true, (what) => differ(where, what));
    const sent = provider.valuesOf(schemas);
    if (sent === undefined) {
      differ(where, `the provider may send any string; the client handles only ${quoted(read.handles)}`);
      continue;
    }
    for (const value of read.handles.filter((value) => !sent.includes(value))) {
      differ(where, `the client handles ${JSON.stringify(value)}, which the provider never sends`);
    }
    for (const value of sent.filter((value) => !read.handles.includes(value))) {
      differ(where, `the provider may send ${JSON.stringify(value)}, which the client doesn't handle`);
    }
  }
}

function listRounds(rounds: readonly string[]): string {
  if (rounds.length <= 1) {
    return rounds.join('');
  }
  return `${rounds.slice(0, -1).join(', ')} and ${rounds.at(-1) ?? ''}`;
}

/**
 * compareContract lists every difference between what the consumer relies on and what the
 * provider's OpenAPI document says, one readable line each: `<round>: <where>: <what>`. A
 * difference that several rounds share is one line naming them all. No lines: they agree.
 */
export function compareContract(providerDocument: unknown, consumer: ConsumerContract): string[] {
  const provider = new Provider(providerDocument);
  const found: { rounds: string[]; where: string; what: string }[] = [];
  for (const round of consumer.rounds) {
    compareRound(provider, round, ({ round: name, where, what }) => {
      const same = found.find((difference) => difference.where === where && difference.what === what);
      if (same === undefined) {
        found.push({ rounds: [name], where, what });
      } else if (!same.rounds.includes(name)) {
        same.rounds.push(name);
      }
    });
  }
  return found.map(({ rounds, where, what }) => `${listRounds(rounds)}: ${where}: ${what}`);
}
