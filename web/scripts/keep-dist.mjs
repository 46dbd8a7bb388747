// Puts back dist/.gitkeep after vite build empties dist, so `//go:embed all:dist` always has a file to embed.
import { writeFileSync } from 'node:fs';

writeFileSync(new URL('../dist/.gitkeep', import.meta.url), '');
