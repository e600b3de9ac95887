/**
 * First-load JavaScript per route stays within budget: at most 100 KB gzip on /, /shop and
 * /product/{slug}. Reads the production build (dist/, or BUILD_DIR): run after `npm run build`, via
 * `npm run test:budget`. Deterministic: it sums gzip sizes of the files the build manifest says a
 * first visit loads (the client router's entry, the page's entry, and their static imports).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET_ROUTES, JS_BUDGET_BYTES, firstLoadFromManifest } from '../../../bench/js-size.ts';
import storefrontConfig from '../../../storefront/+config.ts';

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
      const files = [...r.files]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map((f) => `  ${kb(f.gzipBytes).padStart(9)}  ${f.file}`);
      expect(
        r.gzipBytes,
        `${route}: ${kb(r.gzipBytes)} gzip over ${r.files.length} files (budget ${kb(JS_BUDGET_BYTES)}):\n${files.join('\n')}`,
      ).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    });
  }
});

describe(`the browser's JS in ${distDir}`, () => {
  it('carries no page title or description: with server routing only the server writes the <head>', () => {
    const clientDir = path.join(distDir, 'client');
    const scripts = readdirSync(clientDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.m?js$/.test(file),
    );
    expect(scripts.length).toBeGreaterThan(0);
    const texts = [storefrontConfig.title, storefrontConfig.description];
    const carrying = scripts.filter((file) =>
      texts.some((text) => readFileSync(path.join(clientDir, file), 'utf8').includes(text)),
    );
    expect(carrying).toEqual([]);
  });
});
