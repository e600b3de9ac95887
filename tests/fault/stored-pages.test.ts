import { describe, expect, it } from 'vitest';
import { serverForTests } from './fault-support.ts';

/** Headers that belong to one request: the rest of a stored page's must be what Fastify sent. */
const OWN = new Set(['x-request-id', 'date', 'set-cookie']);
const answerHeaders = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => !OWN.has(name)));
const NONCE = /^dino\.form=[0-9a-f-]{36}; Path=\/; HttpOnly; SameSite=Lax$/;
/** The number the server drew into the page's cart badge. */
const badge = (html: string) => /data-testid="cart-count"[^>]*>([^<]*)</.exec(html)?.[1];

/**
 * Cached catalogue pages are stored answers once the page cache has them (api/plugins/
 * stored-answers.ts): the HTTP server sends them without Fastify, one answer per badge count and
 * encoding, and each visitor without a form nonce still gets one of their own. Only a listening
 * server shows this (`inject` goes straight to Fastify), so it runs on the production build here.
 */
describe('cached pages sent as stored answers', () => {
  const shop = serverForTests('pglite');

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${shop.server.url}${path}`, { headers: { 'accept-encoding': 'br', ...headers } });
  const sentFromStore = async () => {
    const metrics = await (await fetch(`${shop.server.url}/metrics`)).text();
    return Number(/^dino_stored_answers_sent_total (\d+)$/m.exec(metrics)?.[1] ?? 0);
  };
  /** Asks until an answer comes from the store (the first ones render, or wait for their Brotli bytes). */
  async function fromStore(path: string, headers: Record<string, string> = {}) {
    let previous = await get(path, headers);
    let previousHtml = await previous.text();
    for (let attempt = 0; attempt < 40; attempt++) {
      const sent = await sentFromStore();
      const response = await get(path, headers);
      const html = await response.text();
      if ((await sentFromStore()) === sent + 1) return { response, html, previous, previousHtml };
      [previous, previousHtml] = [response, html];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`GET ${path} was never answered from the store`);
  }

  it('sends a page’s cache hit again from the store: the headers and bytes Fastify sent, with a form nonce of each visitor’s own', async () => {
    const { response, html, previous: before, previousHtml } = await fromStore('/shop');
    expect(response.status).toBe(200);
    expect(before.headers.get('x-page-cache')).toBe('hit');
    expect(answerHeaders(response)).toEqual(answerHeaders(before));
    expect(html).toBe(previousHtml);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Visitors without a nonce each get a new one; a visitor with one gets none.
    expect(response.headers.get('set-cookie')).toMatch(NONCE);
    expect(before.headers.get('set-cookie')).toMatch(NONCE);
    expect(response.headers.get('set-cookie')).not.toBe(before.headers.get('set-cookie'));
    const sent = await sentFromStore();
    const returning = await get('/shop', { cookie: 'dino.form=0b7d7c6e-2f8a-4f55-9a43-3d0f6e1d1c11' });
    expect(await sentFromStore()).toBe(sent + 1);
    expect(returning.headers.get('set-cookie')).toBeNull();
    expect(await returning.text()).toBe(html);
  });

  it('keeps one answer per cart badge count and encoding, never handing one to another', async () => {
    const path = '/faq';
    const pages = new Map<string, { encoding: string | null; html: string }>();
    for (const count of ['2', '7']) {
      for (const encoding of ['br', 'gzip']) {
        const { response, html } = await fromStore(path, { cookie: `dino.items=${count}`, 'accept-encoding': encoding });
        expect(badge(html)).toBe(count);
        expect(response.headers.get('content-encoding')).toBe(encoding);
        pages.set(`${count} ${encoding}`, { encoding: response.headers.get('content-encoding'), html });
      }
    }
    // Each is still what its own variant is sent, after the others were stored.
    for (const [variant, page] of pages) {
      const [count, encoding] = variant.split(' ') as [string, string];
      const response = await get(path, { cookie: `dino.items=${count}`, 'accept-encoding': encoding });
      expect(response.headers.get('content-encoding')).toBe(page.encoding);
      expect(await response.text()).toBe(page.html);
    }
    // A count no request had before is not in the store: Fastify draws it.
    const sent = await sentFromStore();
    const eleven = await get(path, { cookie: 'dino.items=11' });
    expect(badge(await eleven.text())).toBe('11');
    expect(await sentFromStore()).toBe(sent);
  });

  it('keeps at most 16 answers per URL, however many variants its requests name', async () => {
    const path = '/size-guide';
    // Eight badge counts (the renditions a cached page keeps) in two encodings: sixteen answers.
    for (let count = 1; count <= 8; count++) for (const encoding of ['br', 'gzip']) await fromStore(path, { cookie: `dino.items=${count}`, 'accept-encoding': encoding });
    // A seventeenth, settled too (identity needs no Brotli), is sent by Fastify every time.
    const seventeenth = { cookie: 'dino.items=1', 'accept-encoding': 'identity' };
    const sent = await sentFromStore();
    for (let i = 0; i < 3; i++) expect(badge(await (await get(path, seventeenth)).text())).toBe('1');
    expect(await sentFromStore()).toBe(sent);
    // The sixteen are still sent from the store.
    await get(path, { cookie: 'dino.items=8', 'accept-encoding': 'gzip' });
    expect(await sentFromStore()).toBe(sent + 1);
  });

  it('leaves a page with a form post’s flash to Fastify: shown once, cleared, never stored', async () => {
    await fromStore('/contact');
    const flash = Buffer.from(JSON.stringify({ notice: { title: 'Thanks, we got your message', tone: 'success' } })).toString('base64url');
    const sent = await sentFromStore();
    for (let i = 0; i < 3; i++) {
      const response = await get('/contact', { cookie: `dino.flash=${flash}` });
      expect(await response.text()).toContain('Thanks, we got your message');
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(response.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^dino\.flash=; Path=\/; Max-Age=0;/));
    }
    expect(await sentFromStore()).toBe(sent);
    // The next request without it is the shared page again, from the store.
    const after = await get('/contact');
    expect(await after.text()).not.toContain('Thanks, we got your message');
    expect(await sentFromStore()).toBe(sent + 1);
  });
});
