// Writes src/api/bounds.ts, the bounds the page keeps, from the schemas of ../openapi.json (npm run codegen runs this).
import { readFileSync, writeFileSync } from 'node:fs';
import { argv } from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The first line of src/api/bounds.ts. */
export const boundsHeader =
  '// Generated from ../openapi.json by scripts/bounds.mjs (npm run codegen). Never edit by hand.\n';

/**
 * The bounds the page keeps: each one's name in bounds.ts, what it bounds, and where the document
 * states it. A step of a `where` is an object key, or `{ name }` for the item of a list with that
 * name (a parameter).
 */
export const boundSources = [
  {
    name: 'maxSalonChars',
    what: "The most characters a salon's id has.",
    where: ['paths', '/salons/{salon}/book', 'post', 'parameters', { name: 'salon' }, 'schema', 'maxLength'],
  },
  {
    name: 'maxOpenSlots',
    what: 'The most open slots round one sends.',
    where: ['components', 'schemas', 'BookArguments', 'properties', 'openSlots', 'maxItems'],
  },
  {
    name: 'maxSlotChars',
    what: 'The most characters one slot has.',
    where: ['components', 'schemas', 'BookArguments', 'properties', 'openSlots', 'items', 'maxLength'],
  },
  {
    name: 'maxMessageChars',
    what: "The most characters the customer's words have.",
    where: ['components', 'schemas', 'BookArguments', 'properties', 'message', 'maxLength'],
  },
  {
    name: 'maxCustomerNameChars',
    what: "The most characters the customer's name has.",
    where: ['components', 'schemas', 'Customer', 'properties', 'name', 'maxLength'],
  },
  {
    name: 'maxContactChars',
    what: "The most characters the customer's contact has.",
    where: ['components', 'schemas', 'Customer', 'properties', 'contact', 'maxLength'],
  },
];

/** spell writes a `where` as one line: paths./salons/{salon}/book.post.parameters[salon].schema.maxLength. */
export function spell(where) {
  return where.map((step, i) => (typeof step === 'string' ? (i === 0 ? step : `.${step}`) : `[${step.name}]`)).join('');
}

/** boundOf is the whole number the document states at where, or throws naming where it isn't one. */
export function boundOf(doc, where) {
  let at = doc;
  for (const step of where) {
    if (typeof step === 'string') {
      at = typeof at === 'object' && at !== null && !Array.isArray(at) && Object.hasOwn(at, step) ? at[step] : undefined;
    } else {
      at = Array.isArray(at) ? at.find((item) => item?.name === step.name) : undefined;
    }
  }
  if (!Number.isSafeInteger(at) || at < 0) {
    throw new Error(`../openapi.json states no bound at ${spell(where)}`);
  }
  return at;
}

/** boundsSource is the text of src/api/bounds.ts for the document doc. */
export function boundsSource(doc) {
  const lines = [
    boundsHeader.trimEnd(),
    "// The bounds the page keeps, as the service's OpenAPI document states them, so no request breaks one.",
  ];
  for (const { name, what, where } of boundSources) {
    lines.push('', `/** ${what} From ${spell(where)}. */`, `export const ${name} = ${boundOf(doc, where)};`);
  }
  return `${lines.join('\n')}\n`;
}

/** Where npm run codegen writes the bounds, and the document it reads them from. */
export const boundsFile = fileURLToPath(new URL('../src/api/bounds.ts', import.meta.url));
export const documentFile = fileURLToPath(new URL('../../openapi.json', import.meta.url));

if (import.meta.url === pathToFileURL(argv[1] ?? '').href) {
  writeFileSync(boundsFile, boundsSource(JSON.parse(readFileSync(documentFile, 'utf8'))));
}
