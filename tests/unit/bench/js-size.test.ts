import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadFromManifest, gzipSize, scriptsInHtml } from '../../../bench/js-size.ts';

function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'dino-js-size-'));
  const files: Record<string, string> = {
    'assets/entries/router.js': 'router'.repeat(50),
    'assets/chunks/react.js': 'react'.repeat(400),
    'assets/chunks/shared.js': 'shared'.repeat(30),
    'assets/chunks/lazy.js': 'lazy'.repeat(999),
    'assets/static/style.css': 'body{}'.repeat(99),
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, 'client', file)), { recursive: true });
    writeFileSync(path.join(dist, 'client', file), content);
  }
  const page = (name: string, imports: string[]) => ({ file: `assets/entries/${name}.js`, isEntry: true, imports });
  for (const name of ['index', 'shop', 'product'])
    writeFileSync(path.join(dist, 'client', `assets/entries/${name}.js`), `${name} page`);
  writeFileSync(
    path.join(dist, 'assets.json'),
    JSON.stringify({
      'node_modules/vike/dist/client/runtime-client-routing/entry.js': {
        file: 'assets/entries/router.js',
        isEntry: true,
        imports: ['_react.js'],
        dynamicImports: ['virtual:vike:page-entry:client:/storefront/pages/index'],
      },
      '_react.js': { file: 'assets/chunks/react.js' },
      '_shared.js': {
        file: 'assets/chunks/shared.js',
        imports: ['_react.js'],
        dynamicImports: ['_lazy.js'],
        css: ['assets/static/style.css'],
      },
      '_lazy.js': { file: 'assets/chunks/lazy.js' },
      '_style.css': { file: 'assets/static/style.css' },
      'virtual:vike:page-entry:client:/storefront/pages/index': page('index', ['_shared.js']),
      'virtual:vike:page-entry:client:/storefront/pages/shop': page('shop', ['_shared.js', '_style.css']),
      'virtual:vike:page-entry:client:/storefront/pages/product/@slug': page('product', []),
    }),
  );
  return dist;
}

describe('first-load JS from the build manifest', () => {
  it('counts the router and page entries with their static imports, not dynamic imports or CSS', () => {
    const routes = firstLoadFromManifest(fakeBuild());
    expect(routes.map((r) => [r.route, r.files.map((f) => f.file)])).toEqual([
      [
        '/',
        ['assets/chunks/react.js', 'assets/chunks/shared.js', 'assets/entries/index.js', 'assets/entries/router.js'],
      ],
      [
        '/shop',
        ['assets/chunks/react.js', 'assets/chunks/shared.js', 'assets/entries/router.js', 'assets/entries/shop.js'],
      ],
      ['/product/{slug}', ['assets/chunks/react.js', 'assets/entries/product.js', 'assets/entries/router.js']],
    ]);
    const home = routes[0]!;
    expect(home.gzipBytes).toBe(home.files.reduce((n, f) => n + f.gzipBytes, 0));
    expect(home.files.find((f) => f.file === 'assets/chunks/react.js')!.gzipBytes).toBe(gzipSize('react'.repeat(400)));
  });

  it('fails clearly without a build', () => {
    expect(() => firstLoadFromManifest(path.join(tmpdir(), 'no-such-dist'))).toThrow(/npm run build/);
  });
});

describe('scripts named by a page', () => {
  it('finds module scripts and modulepreloads once each, not JSON data scripts', () => {
    const html = `<script id="vike_pageContext" type="application/json">{}</script>
      <script src="/assets/entries/entry.js" type="module" async></script>
      <link rel="modulepreload" href="/assets/chunks/a.js" as="script">
      <link rel="stylesheet" href="/assets/static/s.css">
      <link rel="modulepreload" href="/assets/chunks/a.js" as="script">`;
    expect(scriptsInHtml(html)).toEqual(['/assets/entries/entry.js', '/assets/chunks/a.js']);
  });
});
