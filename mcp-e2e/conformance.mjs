// Runs the official MCP conformance tool in server mode against /mcp of a freshly built bookingd: every scenario that applies, at the revision it belongs to, first as a customer's client (no credential), then as a salon owner's assistant, whose requests a loopback proxy sends with the salon's key, so the owner's tools, prompt and day template are listed too.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBookingd, startBookingd, testKey, testOwnerToken, calendarDir } from './bookingd.mjs';

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

/**
 * withKey is a loopback proxy to target that sends every request as it came (its Host header
 * included, for the DNS-rebinding scenario) with Authorization: Bearer key. It resolves to
 * { url, close }.
 */
function withKey(target, key) {
  const proxy = createServer((req, res) => {
    const upstream = request(new URL(req.url, target), {
      method: req.method, headers: { ...req.headers, authorization: `Bearer ${key}` },
    }, (reply) => {
      res.writeHead(reply.statusCode, reply.headers);
      reply.pipe(res);
    });
    upstream.on('error', () => { res.writeHead(502); res.end(); });
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve({
    url: `http://localhost:${proxy.address().port}`,
    close: () => new Promise((done) => { proxy.closeAllConnections(); proxy.close(done); }),
  })));
}

/** ownerServer starts bookingd with a calendar, registers a salon and makes its key. */
async function ownerServer(bin) {
  const calendar = calendarDir();
  const server = await startBookingd(bin, { BOOKING_SIGNING_KEY: testKey, BOOKING_OWNER_TOKEN: testOwnerToken, BOOKING_DATABASE_URL: calendar.db });
  const call = async (path, method, body) => {
    const res = await fetch(new URL(path, server.url), {
      method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${testOwnerToken}` }, body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await call('/salons/studio-nine', 'PUT', { name: 'Studio Nine', timeZone: 'Europe/London', phone: '+44 20 7946 0000' });
  const { key } = await call('/salons/studio-nine/keys', 'POST', { name: 'conformance' });
  return { server, key, remove: calendar.remove };
}

const build = buildBookingd();
let passed = 0;
let failed = 0;
const results = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));

/** runAll runs every applicable scenario against url, as who. */
async function runAll(url, who) {
  for (const [version, scenarios] of Object.entries(applicable)) {
    for (const scenario of scenarios) {
      const run = await conformance(['server', '--url', url, '--scenario', scenario, '--spec-version', version,
        '--expected-failures', baseline], results);
      const ok = run.status === 0;
      ok ? passed++ : failed++;
      const summary = (run.stdout.match(/^Passed: .*$/m) ?? [''])[0];
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${who} ${version} ${scenario} ${summary}`);
      if (!ok) console.log(run.stdout.slice(-4000), run.stderr.slice(-2000), run.error ?? '');
    }
  }
}

/** stopped stops server, counting a failure unless it exits 0 on SIGTERM. */
async function stopped(server) {
  const exit = await server.stop();
  if (exit.code !== 0) {
    console.log(`bookingd exited with ${exit.code ?? exit.signal} on SIGTERM, want 0`);
    failed++;
  }
}

try {
  const server = await startBookingd(build.bin, { BOOKING_SIGNING_KEY: testKey });
  try {
    // The suite's DNS-rebinding scenario needs a localhost URL.
    await runAll(server.url.replace('127.0.0.1', 'localhost') + '/mcp', 'customer');
  } finally {
    await stopped(server);
  }
  const owner = await ownerServer(build.bin);
  const proxy = await withKey(owner.server.url, owner.key);
  try {
    // The proxy's requests are an owner's: the owner's tools are listed to them.
    const listed = await fetch(proxy.url + '/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'conformance', version: '1' },
        'io.modelcontextprotocol/clientCapabilities': {} } } }),
    }).then((r) => r.text());
    if (!listed.includes('"salon_day"')) throw new Error(`the owner's tools aren't listed through the proxy: ${listed.slice(0, 500)}`);
    await runAll(proxy.url + '/mcp', 'owner   ');
  } finally {
    await proxy.close();
    await stopped(owner.server);
    owner.remove();
  }
} finally {
  build.remove();
  rmSync(results, { recursive: true, force: true });
}
console.log(`conformance: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
