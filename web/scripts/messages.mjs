// The page's message catalogs (src/i18n/messages/<code>.json, ICU MessageFormat) compiled to
// FormatJS's message ASTs at build time, as the modules virtual:messages/<code>: the page then
// ships FormatJS's formatter without its parser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';

const prefix = 'virtual:messages/';

/**
 * compileCatalog parses every message of a catalog, { id: ICU message }, into its AST; a message
 * that is only words, with nothing to fill in, stays a string (its quoting undone), which is
 * smaller on the wire and needs no formatter.
 */
export function compileCatalog(source) {
  const out = {};
  for (const [id, message] of Object.entries(source)) {
    const ast = parse(message, { ignoreTag: true });
    out[id] = ast.length === 1 && ast[0].type === TYPE.literal ? ast[0].value : ast.length === 0 ? '' : ast;
  }
  return out;
}

/** messages is the Vite plugin that serves dir's catalogs, compiled, as virtual:messages/<code> (the pages') and virtual:messages/owner/<code> (the owner's page's). */
export function messages(dir) {
  return {
    name: 'salon-messages',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(prefix) ? '\0' + id : undefined;
    },
    load(id) {
      if (!id.startsWith('\0' + prefix)) {
        return undefined;
      }
      const code = id.slice(prefix.length + 1);
      if (!/^(owner\/)?[a-z]{2}$/.test(code)) {
        throw new Error(`no catalog ${code}`);
      }
      const file = join(dir, `${code}.json`);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(compileCatalog(JSON.parse(readFileSync(file, 'utf8'))))};`;
    },
  };
}
