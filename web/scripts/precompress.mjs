// Writes a Brotli copy beside each text file of dist/ (at Brotli's best, quality 11), for bookingd to send to browsers that take br.
// bookingd gzips at start-up with Go's standard library; Brotli it can only send, so the build makes it here, once.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** The extensions bookingd compresses (internal/api/app.go): text, not images or fonts. */
export const compressible = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.map', '.txt', '.xml', '.webmanifest']);

/** precompress writes name.br beside each compressible file under dir that Brotli makes smaller, and returns what it wrote. */
export function precompress(dir) {
  const written = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      written.push(...precompress(path));
      continue;
    }
    if (!compressible.has(extname(name))) {
      continue;
    }
    const body = readFileSync(path);
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    if (brotli.length < body.length) {
      writeFileSync(`${path}.br`, brotli);
      written.push({ path, bytes: body.length, brotli: brotli.length });
    }
  }
  return written;
}

if (import.meta.url === new URL(process.argv[1] ?? '', 'file:').href) {
  const dist = new URL('../dist/', import.meta.url).pathname;
  for (const { path, bytes, brotli } of precompress(dist)) {
    process.stdout.write(`brotli ${path.slice(dist.length)}: ${bytes} → ${brotli} bytes\n`);
  }
}
