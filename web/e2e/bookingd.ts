// What the browser tests share: the built bookingd run on a free loopback port until it is ready, and how Debian's Chromium is launched.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { inject } from 'vitest';

/** Where the browser tests leave their screenshots, logs and measurements. */
export const artifacts = join(fileURLToPath(new URL('..', import.meta.url)), 'e2e-artifacts');

/** Debian's Chromium, headless, without the background work that would make a run noisy or slow. */
export const chromiumOptions = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};

/**
 * watchedPage opens a page in a context of its own made with options, kept in contexts for the
 * test to close, and writes into errors what the page throws and what it logs as an error (a
 * resource that failed to load aside: a request the test cut off, or a refusal it staged, is logged
 * so, and that is the point of it).
 */
export async function watchedPage(browser: Browser, options: BrowserContextOptions, contexts: BrowserContext[], errors: string[]): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return page;
}

/** freePort is a loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** How to run bookingd: its flags beyond -addr, its environment beyond the test's own, its log, and the path that says it is ready. */
export interface Run {
  readonly port: number;
  readonly flags?: readonly string[];
  /** Set over the test's environment, from which the keys of earlier runs, Redis and PostgreSQL are dropped. */
  readonly env: Readonly<Record<string, string>>;
  /** The log's file name in e2e-artifacts/, appended to, so a restarted server adds to it. */
  readonly log: string;
  /** /healthz or /readyz: polled until it answers 200. */
  readonly ready: string;
}

/** A running bookingd: its process and its address. */
export class Bookingd {
  private constructor(
    readonly process: ChildProcess,
    readonly base: string,
  ) {}

  /** start runs the binary e2e/build.ts built on 127.0.0.1 and waits, up to 30 s, until it is ready. */
  static async start(run: Run): Promise<Bookingd> {
    // Every page of every test comes from loopback, one client address: the quota per address is
    // off, as behind a proxy that isn't trusted, unless the run sets it.
    const env: NodeJS.ProcessEnv = { ...process.env, BOOKING_RATE: '0', ...run.env };
    delete env['BOOKING_PREVIOUS_SIGNING_KEYS'];
    delete env['BOOKING_REDIS_URL'];
    delete env['BOOKING_DATABASE_URL'];
    const out = openSync(join(artifacts, run.log), 'a');
    const child = spawn(inject('bookingd'), ['-addr', `127.0.0.1:${run.port}`, ...(run.flags ?? [])], { env, stdio: ['ignore', out, out] });
    const server = new Bookingd(child, `http://127.0.0.1:${run.port}`);
    await server.ready(`${server.base}${run.ready}`, 30_000, run.log);
    return server;
  }

  private async ready(url: string, within: number, log: string): Promise<void> {
    const until = Date.now() + within;
    let last = '';
    while (Date.now() < until) {
      if (this.process.exitCode !== null) {
        throw new Error(`bookingd exited with ${String(this.process.exitCode)}: see e2e-artifacts/${log}`);
      }
      try {
        const response = await fetch(url);
        if (response.status === 200) {
          return;
        }
        last = `status ${response.status}`;
      } catch (error) {
        last = String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${url} never answered 200 (last: ${last})`);
  }

  /** stop ends the process with signal (SIGKILL for a crash) and waits for it to be gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) {
      return;
    }
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.kill(signal);
    await exited;
  }
}
