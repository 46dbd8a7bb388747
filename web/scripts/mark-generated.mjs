// Marks the generated endpoint file as generated: its first line says so (npm run codegen runs this after the generator).
import { readFileSync, writeFileSync } from 'node:fs';
import { argv } from 'node:process';
import { pathToFileURL } from 'node:url';

/** The first line of every file npm run codegen writes. */
export const generatedHeader =
  '// Generated from ../openapi.json by @rtk-query/codegen-openapi (npm run codegen). Never edit by hand.\n';

/** markGenerated puts the header on the first line of the file at path, once. */
export function markGenerated(path) {
  const text = readFileSync(path, 'utf8');
  if (!text.startsWith(generatedHeader)) {
    writeFileSync(path, generatedHeader + text);
  }
}

if (import.meta.url === pathToFileURL(argv[1] ?? '').href) {
  for (const path of argv.slice(2)) {
    markGenerated(path);
  }
}
