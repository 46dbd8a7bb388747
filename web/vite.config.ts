// Vite builds the page into dist/; Vitest runs the unit and scenario tests (the browser test has its own config).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every script and style is a file of its own, so a strict Content-Security-Policy needs no exceptions.
    assetsInlineLimit: 0,
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
