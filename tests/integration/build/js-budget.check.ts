/**
 * First-load JavaScript per route stays within budget: at most 100 KB gzip on /, /shop and
 * /product/{slug}. Reads the production build (dist/, or BUILD_DIR): run after `npm run build`, via
 * `npm run test:budget`. Deterministic: it sums gzip sizes of the files the build manifest says a
 * first visit loads (the client router's entry, the page's entry, and their static imports).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET_ROUTES, JS_BUDGET_BYTES, firstLoadFromManifest } from '../../../bench/js-size.ts';

const distDir = path.resolve(process.env.BUILD_DIR ?? 'dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe(`first-load JS of ${distDir}`, () => {
  const routes = firstLoadFromManifest(distDir);

  it('covers every budgeted route', () => {
    expect(routes.map((r) => r.route)).toEqual(BUDGET_ROUTES.map((r) => r.route));
  });

  for (const { route } of BUDGET_ROUTES) {
    it(`${route} loads at most ${kb(JS_BUDGET_BYTES)} of gzipped JS`, () => {
      const r = routes.find((x) => x.route === route)!;
      const files = [...r.files].sort((a, b) => b.gzipBytes - a.gzipBytes).map((f) => `  ${kb(f.gzipBytes).padStart(9)}  ${f.file}`);
      expect(r.gzipBytes, `${route}: ${kb(r.gzipBytes)} gzip over ${r.files.length} files (budget ${kb(JS_BUDGET_BYTES)}):\n${files.join('\n')}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    });
  }
});
