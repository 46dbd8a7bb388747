// The end-to-end test's own Vitest config: it builds the app and bookingd, so it runs alone and slowly.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    // Building the app and bookingd (with Go modules to fetch on a fresh machine) takes a while.
    hookTimeout: 600_000,
  },
});
