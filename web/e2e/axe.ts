// axe-core in the browser tests: runs its rules on a page as it is now, and fails the test on any violation, naming the state.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  readonly violations: readonly { readonly id: string; readonly help: string; readonly nodes: readonly { readonly target: readonly unknown[] }[] }[];
}

/** checkAxe runs every rule axe-core runs by default on page; state names what the page shows, for the failure's message. */
export async function checkAxe(page: Page, state: string): Promise<void> {
  // Evaluated over the DevTools protocol, so the page's Content-Security-Policy doesn't apply to it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const results = await (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe.run();
    return results.violations.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
  expect(violations, `axe-core on ${state}`).toEqual([]);
}
