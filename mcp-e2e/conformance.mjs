// Runs the official MCP conformance tool in server mode against /mcp of a freshly built bookingd: every scenario that applies to a server whose one tool is `book`, with a guide as its one resource and no prompts, at the revision it belongs to.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBookingd, startBookingd, testKey } from './bookingd.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const baseline = join(here, 'conformance-baseline.yml');

/** The scenarios that apply, by the revision they run at. README.md, "MCP", says why each other one doesn't. */
const applicable = {
  '2026-07-28': [
    'server-stateless',
    'tools-list',
    'resources-list',
    'prompts-list',
    'sep-2164-resource-not-found',
    'caching',
    'dns-rebinding-protection',
    'http-header-validation',
    'server-sse-multiple-streams',
    'input-required-result-unsupported-methods',
  ],
  '2025-11-25': ['server-initialize', 'tools-list', 'resources-list', 'prompts-list', 'ping', 'dns-rebinding-protection'],
};

/**
 * conformance runs the tool with args in cwd, at most 120 s, and resolves to its exit status and
 * output. It runs asynchronously, so bookingd's log keeps being read meanwhile.
 */
function conformance(args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => { stdout += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk) => { stderr += chunk; });
    child.on('error', (error) => resolve({ status: null, stdout, stderr, error }));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const build = buildBookingd();
const server = await startBookingd(build.bin, { BOOKING_SIGNING_KEY: testKey });
const results = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
let passed = 0;
let failed = 0;
try {
  // The suite's DNS-rebinding scenario needs a localhost URL.
  const url = server.url.replace('127.0.0.1', 'localhost') + '/mcp';
  for (const [version, scenarios] of Object.entries(applicable)) {
    for (const scenario of scenarios) {
      const run = await conformance(['server', '--url', url, '--scenario', scenario, '--spec-version', version,
        '--expected-failures', baseline], results);
      const ok = run.status === 0;
      ok ? passed++ : failed++;
      const summary = (run.stdout.match(/^Passed: .*$/m) ?? [''])[0];
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${version} ${scenario} ${summary}`);
      if (!ok) console.log(run.stdout.slice(-4000), run.stderr.slice(-2000), run.error ?? '');
    }
  }
} finally {
  const exit = await server.stop();
  build.remove();
  rmSync(results, { recursive: true, force: true });
  if (exit.code !== 0) {
    console.log(`bookingd exited with ${exit.code ?? exit.signal} on SIGTERM, want 0`);
    failed++;
  }
}
console.log(`conformance: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
