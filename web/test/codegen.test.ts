// The generated endpoint must be what @rtk-query/codegen-openapi makes of ../openapi.json today, or this fails with the command that fixes it.
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { generateEndpoints } from '@rtk-query/codegen-openapi';
import type { ConfigFile } from '@rtk-query/codegen-openapi';
import { expect, it } from 'vitest';
import { generatedHeader, markGenerated } from '../scripts/mark-generated.mjs';

const web = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const config = createRequire(import.meta.url)(web('openapi-config.cjs')) as ConfigFile & { outputFile: string };

it('keeps src/api/generated.ts fresh against ../openapi.json', async () => {
  // The config's paths are relative to web/, as when npm run codegen reads it; the fresh copy
  // goes beside the real file, so the generator writes the same relative import.
  process.chdir(web('.'));
  const fresh = web(`src/api/generated.fresh-${process.pid}.ts`);
  try {
    await generateEndpoints({ ...config, outputFile: fresh });
    markGenerated(fresh);
    const committed = readFileSync(web(config.outputFile), 'utf8');
    expect(committed, 'src/api/generated.ts is stale against ../openapi.json: run `npm run codegen`').toBe(
      readFileSync(fresh, 'utf8'),
    );
  } finally {
    rmSync(fresh, { force: true });
  }
}, 30_000);

it('says on its first line that it is generated, and escapes the salon in the path', () => {
  const committed = readFileSync(web(config.outputFile), 'utf8');
  expect(committed.startsWith(generatedHeader)).toBe(true);
  expect(committed).toContain('encodeURIComponent(String(queryArg.salon))');
});
