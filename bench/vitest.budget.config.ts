import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The JS-size budget: a deterministic check (bytes, not time) of the production build, run by
 * `npm run test:budget` after `npm run build`. Its own config because it needs dist/, which the unit
 * and integration projects run without.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    name: 'budget',
    include: ['tests/integration/build/**/*.check.ts'],
    environment: 'node',
  },
});
