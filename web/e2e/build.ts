// Vitest's global setup for the browser tests: builds the app and bookingd once for every file (or takes BOOKINGD_BIN), and removes the binary after.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The path of the bookingd binary built from ../cmd/bookingd, with the app built into it. */
    bookingd: string;
  }
}

const web = fileURLToPath(new URL('..', import.meta.url));

function goBinary(): string {
  return ['/usr/local/go/bin/go'].find((path) => existsSync(path)) ?? 'go';
}

export default function build(project: TestProject): () => void {
  // make test builds bookingd once, with the app built into it, for every suite that runs it.
  const built = process.env.BOOKINGD_BIN;
  if (built) {
    project.provide('bookingd', built);
    return () => {};
  }
  const scratch = mkdtempSync(join(tmpdir(), 'booking-e2e-bin-'));
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle.
  execFileSync('npm', ['run', 'build'], { cwd: web, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const binary = join(scratch, 'bookingd');
  execFileSync(goBinary(), ['build', '-o', binary, './cmd/bookingd'], { cwd: join(web, '..'), stdio: 'inherit' });
  project.provide('bookingd', binary);
  return () => rmSync(scratch, { recursive: true, force: true });
}
