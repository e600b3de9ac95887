import { describe, expect, it } from 'vitest';
import { freshTarget, runCli, serverForTests, startServer } from './fault-support.ts';

/** The lines a pino logger wrote as JSON, parsed (other lines are skipped). */
function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the shop as `npm start` runs it', () => {
  const shop = serverForTests('pglite');

  it('renders with the production build of React when NODE_ENV is unset (development React is several times slower)', async () => {
    expect((await fetch(`${shop.server.url}/`)).status).toBe(200);
    const start = logLines(shop.server.output()).find(
      (line) => typeof line.msg === 'string' && line.msg.startsWith('storefront:'),
    );
    expect(start).toMatchObject({ msg: 'storefront: production build', nodeEnv: 'production' });
  });

  it('warns at start that /metrics is open when no METRICS_TOKEN is set, and answers it', async () => {
    const warning = logLines(shop.server.output()).find(
      (line) => typeof line.msg === 'string' && line.msg.startsWith('GET /metrics is open'),
    );
    expect(warning).toMatchObject({ level: 40, msg: expect.stringContaining('set METRICS_TOKEN') });
    expect((await fetch(`${shop.server.url}/metrics`)).status).toBe(200);
  });
});

describe('the built pages', () => {
  const shop = serverForTests('pglite');

  // Vike places its tags at markers the layout sets (one split, not a search of the whole page for
  // <head> and </body>): every kind of page must still get them, and show no marker.
  it('carry their stylesheet in <head> and their hydration data and script at the end of <body>, on every kind of page', async () => {
    const cart = await fetch(`${shop.server.url}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 1, variantId: 100, quantity: 1 }),
    });
    expect(cart.status).toBe(201);
    const cookie = cart.headers.get('set-cookie')!.split(';')[0]!;
    for (const [path, status] of [
      ['/', 200],
      ['/shop?sort=newest', 200],
      ['/product/t-rex-tiny-arms-thong', 200],
      ['/faq', 200],
      ['/cart', 200],
      ['/checkout', 200],
      ['/no-such-page', 404],
    ] as const) {
      const response = await fetch(`${shop.server.url}${path}`, { headers: { cookie } });
      expect(response.status, path).toBe(status);
      const html = await response.text();
      expect(html, path).not.toContain('__VITE_PLUGIN');
      const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
      expect(head, path).toMatch(/<link rel="stylesheet"[^>]* href="\/assets\/[^"]+\.css"/);
      expect(head, path).toMatch(/^<head>\s*<meta charset="UTF-8" \/>/);
      const end = html.slice(html.lastIndexOf('</div>'));
      expect(end, path).toMatch(/<script id="vike_pageContext" type="application\/json">[^<]+<\/script>/);
      expect(end, path).toMatch(
        /<script src="\/assets\/entries\/[^"]+\.js" type="module" async><\/script>[\s\S]*<\/body>\s*<\/html>$/,
      );
    }
  });
});

describe('the compiled CLI', () => {
  it('exports a list longer than one batch through its worker threads (their module is bundled next to it)', async () => {
    const target = await freshTarget('pglite');
    try {
      const emails = Array.from({ length: 7 }, (_, i) => `dino${i}@example.com`);
      const server = await startServer(target);
      try {
        for (const email of emails) {
          const response = await fetch(`${server.url}/api/subscribe`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
          });
          expect(response.status).toBe(201);
        }
      } finally {
        // A PGlite directory has one owner: the export runs once the server is gone.
        await server.stop();
      }
      // Batches of two: the first full batch starts the worker threads.
      const run = await runCli([...target.globals, 'subscribers', 'export', '--format', 'ndjson', '--batch-size', '2']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const exported = run.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { email: string }).email);
      expect(exported.sort()).toEqual([...emails].sort());
    } finally {
      await target.drop();
    }
  });
});
