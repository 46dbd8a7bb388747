// Builds bookingd from this repository and runs it on a free loopback port, for the e2e test and the conformance run.
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A fixed test key: 32 bytes in hex. Never a real deployment's. */
export const testKey = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

/** A fixed owner's token for the runs that keep a calendar: at least 32 characters. Never a real deployment's. */
export const testOwnerToken = 'e2e-owner-0123456789abcdef0123456789abcdef';

/**
 * calendarDir makes a fresh temporary directory for a run's SQLite calendar, and returns the -db
 * flag's value there and a function that removes it.
 */
export function calendarDir() {
  const dir = mkdtempSync(join(tmpdir(), 'bookingd-mcp-e2e-db-'));
  return { db: `sqlite:${join(dir, 'calendar.db')}`, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * buildBookingd compiles ./cmd/bookingd into a fresh temporary directory and returns the binary's
 * path and a function that removes it. With BOOKINGD_BIN set (make test builds bookingd once for
 * every suite), it returns that binary instead, and removing leaves it be.
 */
export function buildBookingd() {
  if (process.env.BOOKINGD_BIN) return { bin: process.env.BOOKINGD_BIN, remove: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'bookingd-mcp-e2e-'));
  const bin = join(dir, 'bookingd');
  execFileSync('go', ['build', '-o', bin, './cmd/bookingd'], { cwd: repo, stdio: ['ignore', 'inherit', 'inherit'] });
  return { bin, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * startBookingd runs bin on 127.0.0.1 with a free port, env and any further flags in args, waits
 * for its "listening" log line (at most 20 s), and resolves to { url, logs, stop }. stop() sends
 * SIGTERM and waits for the exit.
 */
export function startBookingd(bin, env = {}, args = []) {
  const child = spawn(bin, ['-addr', '127.0.0.1:0', ...args], {
    // Every client of these tests comes from loopback, one address: the quota per address is off,
    // as behind a proxy that isn't trusted, unless env sets it.
    env: { ...process.env, BOOKING_RATE: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const logs = [];
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bookingd didn't start within 20s:\n${logs.join('\n')}`));
    }, 20_000);
    let pending = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      pending += chunk;
      let newline;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        logs.push(line);
        try {
          const record = JSON.parse(line);
          if (record.msg === 'listening') {
            clearTimeout(timer);
            resolve({ url: `http://${record.addr}`, logs, stop });
          }
        } catch {
          // not a JSON line: kept in logs, and the test that reads them says so
        }
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bookingd exited with ${code} before listening:\n${logs.join('\n')}`));
    });
  });
}

/**
 * connectClient opens the official client, named name, on the /mcp of the bookingd at url, pinned
 * to revision (2026-07-28, or an earlier one through initialize), declaring capabilities, and
 * answering elicitation/create with elicit; without elicit, a request to elicit fails the test.
 */
export async function connectClient(url, { name, revision, capabilities, elicit }) {
  const client = new Client({ name, version: '1.0.0' }, {
    capabilities,
    ...(revision === '2026-07-28'
      ? { versionNegotiation: { mode: { pin: revision } } }
      : { supportedProtocolVersions: [revision], versionNegotiation: { mode: 'legacy' } }),
  });
  client.setRequestHandler('elicitation/create', elicit ?? (async () => assert.fail('the server sent elicitation/create')));
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', url)));
  return client;
}
