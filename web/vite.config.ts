// Vite builds the page into dist/; Vitest runs the unit and scenario tests (the browser test has its own config).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { messages } from './scripts/messages.mjs';

export default defineConfig(({ command }) => ({
  plugins: [react(), messages(fileURLToPath(new URL('./src/i18n/messages', import.meta.url)))],
  // The catalogs are compiled at build time, so the built page needs FormatJS's formatter and not its parser.
  resolve: command === 'build' ? { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] } : {},
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
}));
