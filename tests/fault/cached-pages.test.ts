import { describe, expect, it } from 'vitest';
import { serverForTests } from './fault-support.ts';

/** Headers that belong to one request: the rest of a cached page's must be what Fastify sent. */
const OWN = new Set(['x-request-id', 'date', 'set-cookie', 'x-cache']);
const answerHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !OWN.has(name)));
const NONCE = /^dino\.form=[0-9a-f-]{36}; Path=\/; HttpOnly; SameSite=Lax$/;
/** The number the server drew into the page's cart badge. */
const badge = (html: string) => /data-testid="cart-count"[^>]*>([^<]*)</.exec(html)?.[1];

/**
 * Catalogue pages are kept by the answer cache (server/answer-cache/): the HTTP server sends them before
 * Fastify, one rendition per badge count in the encoding each request prefers, and each visitor
 * without a form nonce still gets one of their own. Only a listening server shows this (`inject` goes
 * straight to Fastify), so it runs on the production build here.
 */
describe('cached pages sent by the answer cache', () => {
  const shop = serverForTests('pglite');

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${shop.server.url}${path}`, { headers: { 'accept-encoding': 'br', ...headers } });
  const sentFromStore = async () => {
    const metrics = await (await fetch(`${shop.server.url}/metrics`)).text();
    return Number(/^dino_answer_cache_hits_total (\d+)$/m.exec(metrics)?.[1] ?? 0);
  };
  /** Asks until the answer comes from the cache in the encoding asked for (Brotli is made off the event loop). */
  async function fromStore(path: string, headers: Record<string, string> = {}) {
    const wanted = headers['accept-encoding'] ?? 'br';
    for (let attempt = 0; attempt < 40; attempt++) {
      const response = await get(path, headers);
      const html = await response.text();
      if (
        response.headers.get('x-cache') === 'hit' &&
        (response.headers.get('content-encoding') ?? 'identity') === wanted
      )
        return { response, html };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`GET ${path} was never answered from the cache in ${wanted}`);
  }

  it('sends a page again before Fastify: the headers and bytes Fastify sent, with a form nonce of each visitor’s own', async () => {
    const plain = { 'accept-encoding': 'identity' };
    const byFastify = await get('/shop', plain);
    expect(byFastify.headers.get('x-cache')).toBe('miss');
    const fastifyHtml = await byFastify.text();
    const sent = await sentFromStore();
    const cached = await get('/shop', plain);
    expect(cached.headers.get('x-cache')).toBe('hit');
    expect(await sentFromStore()).toBe(sent + 1);
    expect(answerHeaders(cached)).toEqual(answerHeaders(byFastify));
    expect(await cached.text()).toBe(fastifyHtml);
    const { response, html } = await fromStore('/shop');
    expect(response.status).toBe(200);
    expect(html).toBe(fastifyHtml);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Visitors without a nonce each get a new one; a visitor with one gets none.
    expect(response.headers.get('set-cookie')).toMatch(NONCE);
    expect(cached.headers.get('set-cookie')).toMatch(NONCE);
    expect(response.headers.get('set-cookie')).not.toBe(cached.headers.get('set-cookie'));
    const before = await sentFromStore();
    const returning = await get('/shop', { cookie: 'dino.form=0b7d7c6e-2f8a-4f55-9a43-3d0f6e1d1c11' });
    expect(await sentFromStore()).toBe(before + 1);
    expect(returning.headers.get('set-cookie')).toBeNull();
    expect(await returning.text()).toBe(html);
  });

  it('draws each badge count into its own rendition, in each encoding, never handing one to another', async () => {
    const path = '/faq';
    await get(path);
    const pages = new Map<string, string>();
    for (const count of ['2', '7']) {
      for (const encoding of ['br', 'gzip']) {
        const { html } = await fromStore(path, { cookie: `dino.items=${count}`, 'accept-encoding': encoding });
        expect(badge(html)).toBe(count);
        pages.set(`${count} ${encoding}`, html);
      }
    }
    // Each is still what its own rendition is sent, after the others were made.
    for (const [variant, html] of pages) {
      const [count, encoding] = variant.split(' ') as [string, string];
      const response = await get(path, { cookie: `dino.items=${count}`, 'accept-encoding': encoding });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(await response.text()).toBe(html);
    }
    // A count no request had before is drawn by the cache from the page it keeps: no new render.
    const sent = await sentFromStore();
    const eleven = await get(path, { cookie: 'dino.items=11' });
    expect(eleven.headers.get('x-cache')).toBe('hit');
    expect(badge(await eleven.text())).toBe('11');
    expect(await sentFromStore()).toBe(sent + 1);
  });

  it('leaves a page with a form post’s flash to Fastify: shown once, cleared, never stored', async () => {
    await fromStore('/contact');
    const flash = encodeURIComponent(
      JSON.stringify({ notice: { title: 'Thanks, we got your message', tone: 'success' } }),
    );
    const sent = await sentFromStore();
    for (let i = 0; i < 3; i++) {
      const response = await get('/contact', { cookie: `dino.flash=${flash}` });
      expect(await response.text()).toContain('Thanks, we got your message');
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(response.headers.getSetCookie()).toContainEqual(
        expect.stringMatching(/^dino\.flash=; Path=\/; Max-Age=0;/),
      );
    }
    expect(await sentFromStore()).toBe(sent);
    // The next request without it is the shared page again, from the store.
    const after = await get('/contact');
    expect(await after.text()).not.toContain('Thanks, we got your message');
    expect(await sentFromStore()).toBe(sent + 1);
  });
});
