// The page's bounds are the ones ../openapi.json states: src/api/bounds.ts is what scripts/bounds.mjs makes of the document today, or this fails with the command that fixes it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as bounds from '../src/api/bounds';
import { boundOf, boundSources, boundsFile, boundsHeader, boundsSource, documentFile } from '../scripts/bounds.mjs';

const document = () => JSON.parse(readFileSync(documentFile, 'utf8')) as { components: { schemas: Record<string, any> } };

describe('src/api/bounds.ts', () => {
  it('is fresh against ../openapi.json', () => {
    expect(readFileSync(boundsFile, 'utf8'), 'src/api/bounds.ts is stale against ../openapi.json: run `npm run codegen`').toBe(
      boundsSource(document()),
    );
  });

  it('says on its first line that it is generated', () => {
    expect(readFileSync(boundsFile, 'utf8').startsWith(boundsHeader)).toBe(true);
  });

  it('exports each bound with the value the document states, and nothing else', () => {
    const doc = document();
    const stated = Object.fromEntries(boundSources.map(({ name, where }) => [name, boundOf(doc, where)]));
    expect({ ...bounds }).toEqual(stated);
  });
});

describe('scripts/bounds.mjs', () => {
  it('writes another file when the document changes a bound, so a stale copy fails the freshness check', () => {
    const changed = document();
    changed.components.schemas['BookArguments'].properties.message.maxLength = 999;
    const source = boundsSource(changed);
    expect(source).not.toBe(boundsSource(document()));
    expect(source).toContain('export const maxMessageChars = 999;');
  });

  it('refuses a document that states no bound where one is read, naming where', () => {
    const changed = document();
    delete changed.components.schemas['Customer'].properties.contact.maxLength;
    expect(() => boundsSource(changed)).toThrow(
      '../openapi.json states no bound at components.schemas.Customer.properties.contact.maxLength',
    );
  });

  it('finds a parameter by its name', () => {
    const doc = { paths: { '/p': { get: { parameters: [{ name: 'a', schema: { maxLength: 1 } }, { name: 'b', schema: { maxLength: 2 } }] } } } };
    expect(boundOf(doc, ['paths', '/p', 'get', 'parameters', { name: 'b' }, 'schema', 'maxLength'])).toBe(2);
    expect(() => boundOf(doc, ['paths', '/p', 'get', 'parameters', { name: 'c' }, 'schema', 'maxLength'])).toThrow(
      'states no bound at paths./p.get.parameters[c].schema.maxLength',
    );
  });
});
