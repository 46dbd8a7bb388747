// The browser tests' own Vitest config: e2e/build.ts builds the app and bookingd once, then the files run one after another.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { messages } from './scripts/messages.mjs';

export default defineConfig({
  // The tests read times as the pages do, through the page's catalogs.
  plugins: [messages(fileURLToPath(new URL('./src/i18n/messages', import.meta.url)))],
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/build.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    // Building the app and bookingd (with Go modules to fetch on a fresh machine) takes a while.
    hookTimeout: 600_000,
  },
});
