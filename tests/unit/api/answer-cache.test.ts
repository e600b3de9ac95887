import { createServer } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerRule } from '../../../http/answer-rules.ts';
import { type AnswerCache, createAnswerCache } from '../../../server/answer-cache/answer-cache.ts';
import { answersShowingStockOf } from '../../../server/answer-cache/stock-answers.ts';
import { until } from '../../support/until.ts';

/** A rule like the catalogue pages': a rendition per `x-count` header, drawn into the shared body's slot. */
const COUNTED: AnswerRule = {
  rendition: (req) => (req.headers['x-own'] ? undefined : String(req.headers['x-count'] ?? '0')),
  render: (shared, rendition) => Buffer.from(shared.toString().replace('{count}', rendition)),
  encode: true,
};

/** A Fastify instance behind a real HTTP server whose requests meet the cache first, as server/server.ts builds it. */
async function serve(routes: (fastify: FastifyInstance, cache: AnswerCache) => void, maxBytes?: number) {
  const cache = createAnswerCache({ trustProxy: false, shuttingDown: () => false, ...(maxBytes ? { maxBytes } : {}) });
  const fastify = Fastify({
    logger: false,
    serverFactory: (handler) => createServer((req, res) => void (cache.serve(req, res) || handler(req, res))),
  });
  await fastify.register(cache.plugin, {});
  routes(fastify, cache);
  const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
  opened.push(fastify);
  return { cache, get: (path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers }) };
}

const opened: FastifyInstance[] = [];
afterEach(async () => {
  for (const fastify of opened.splice(0)) await fastify.close();
});

describe('the answer cache', () => {
  it('answers a URL again before Fastify, and every URL with the same key shares it', async () => {
    let made = 0;
    const { cache, get } = await serve((fastify) => {
      fastify.get('/api/products', { config: { answerCache: true } }, (_request, reply) =>
        reply.type('application/json').send(JSON.stringify({ made: ++made })),
      );
    });
    expect(await (await get('/api/products?sort=price_asc')).json()).toEqual({ made: 1 });
    const again = await get('/api/products?utm_source=mail&sort=price_asc');
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(await again.json()).toEqual({ made: 1 });
    // Another value of a parameter the route reads is another answer.
    expect(await (await get('/api/products?sort=name_asc')).json()).toEqual({ made: 2 });
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2, entries: 2 });
  });

  it('keeps only 200 answers to GET', async () => {
    const { cache, get } = await serve((fastify) => {
      fastify.get('/missing', { config: { answerCache: true } }, (_request, reply) => reply.status(404).send('no'));
    });
    for (let i = 0; i < 3; i++) expect((await get('/missing')).headers.get('x-cache')).toBe('miss');
    expect(cache.kept('/missing')).toBe(0);
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 3, entries: 0 });
  });

  it('makes each rendition once, in the encoding each request prefers, from the one kept answer', async () => {
    let made = 0;
    const { cache, get } = await serve((fastify) => {
      fastify.get('/page', { config: { answerCache: COUNTED } }, (_request, reply) => {
        made++;
        return reply.type('text/html').send(`<p>badge {count}</p>${'x'.repeat(4000)}`);
      });
    });
    const identity = await get('/page', { 'x-count': '2', 'accept-encoding': 'identity' });
    expect((await identity.text()).startsWith('<p>badge 2</p>')).toBe(true);
    const gzip = await get('/page', { 'x-count': '7', 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('x-cache')).toBe('hit');
    expect((await gzip.text()).startsWith('<p>badge 7</p>')).toBe(true);
    // Brotli is made off the event loop: a request that prefers it gets gzip until it arrives.
    let encoding: string | null = null;
    while (encoding !== 'br') {
      const br = await get('/page', { 'x-count': '7', 'accept-encoding': 'br, gzip' });
      encoding = br.headers.get('content-encoding');
      expect(['br', 'gzip']).toContain(encoding);
      expect((await br.text()).startsWith('<p>badge 7</p>')).toBe(true);
    }
    expect(made).toBe(1);
    expect(cache.kept('/page')).toBe(2);
    // Eight renditions are kept; a rarer one is made for its request from the kept answer, not kept.
    for (let count = 10; count < 20; count++) {
      const response = await get('/page', { 'x-count': String(count), 'accept-encoding': 'identity' });
      expect((await response.text()).startsWith(`<p>badge ${count}</p>`)).toBe(true);
    }
    expect(cache.kept('/page')).toBe(8);
    expect(made).toBe(1);
    // A request whose answer is its own is Fastify's, and never kept.
    expect((await get('/page', { 'x-own': '1' })).headers.get('x-cache')).toBeNull();
    expect(made).toBe(2);
  });

  it('renders concurrent misses of one key once, and keeps no answer begun before clear()', async () => {
    let renders = 0;
    let arrived = 0;
    let release: () => void = () => {};
    const { cache, get } = await serve((fastify, cache) => {
      fastify.get('/slow', { config: { answerCache: true } }, async (request, reply) => {
        arrived++;
        const body = await cache.once(reply, cache.keyOf(request.url), async () => {
          renders++;
          await new Promise<void>((resolve) => (release = resolve));
          return `render ${renders}`;
        });
        return reply.type('text/plain').send(body);
      });
    });
    const waiting = [get('/slow'), get('/slow?utm_source=x'), get('/slow')];
    // All three waiting on the one render before the clear (on a busy machine the last may arrive after it).
    await until(() => arrived === 3 && renders === 1);
    cache.clear();
    release();
    const answers = await Promise.all(waiting.map(async (response) => (await response).text()));
    expect(answers).toEqual(['render 1', 'render 1', 'render 1']);
    expect(renders).toBe(1);
    // Made before the change: sent, not kept.
    expect(cache.kept('/slow')).toBe(0);
    const fresh = get('/slow');
    await until(() => renders === 2);
    release();
    expect(await (await fresh).text()).toBe('render 2');
    expect(cache.kept('/slow')).toBe(1);
  });

  it('a request arriving after a change that picks its key does not join a render begun before it', async () => {
    const releases: Array<() => void> = [];
    let renders = 0;
    const { cache, get } = await serve((fastify, cache) => {
      fastify.get('/slow', { config: { answerCache: true } }, async (request, reply) => {
        const body = await cache.once(reply, cache.keyOf(request.url), async () => {
          const n = ++renders;
          await new Promise<void>((resolve) => releases.push(resolve));
          return `render ${n}`;
        });
        return reply.type('text/plain').send(body);
      });
    });
    const before = get('/slow');
    await until(() => releases.length === 1);
    cache.drop((key) => key === '/slow');
    const after = get('/slow');
    await until(() => releases.length === 2);
    for (const release of releases) release();
    expect([await (await before).text(), await (await after).text()]).toEqual(['render 1', 'render 2']);
    expect(renders).toBe(2);
    expect(cache.kept('/slow')).toBe(1);
    expect(await (await get('/slow')).text()).toBe('render 2');
  });

  it('a drop spoils only the answers being made that it picks: the others are kept', async () => {
    const releases = new Map<string, () => void>();
    const { cache, get } = await serve((fastify) => {
      fastify.get('/slow/:name', { config: { answerCache: true } }, async (request, reply) => {
        await new Promise<void>((resolve) => releases.set(request.url, resolve));
        return reply.type('text/plain').send(request.url);
      });
    });
    const waiting = [get('/slow/moved'), get('/slow/other')];
    await until(() => releases.size === 2);
    cache.drop((key) => key === '/slow/moved');
    for (const release of releases.values()) release();
    expect(await Promise.all(waiting.map(async (response) => (await response).text()))).toEqual([
      '/slow/moved',
      '/slow/other',
    ]);
    expect(cache.kept('/slow/moved')).toBe(0);
    expect(cache.kept('/slow/other')).toBe(1);
    // Begun before more changes than are remembered: not kept, whatever they picked.
    releases.clear();
    const old = get('/slow/older');
    await until(() => releases.size === 1);
    for (let i = 0; i < 65; i++) cache.drop(() => false);
    releases.get('/slow/older')!();
    await (await old).text();
    expect(cache.kept('/slow/older')).toBe(0);
  });

  it('holds no more than its bound in bytes, however many URLs are asked', async () => {
    const { cache, get } = await serve((fastify) => {
      fastify.get('/p/:n', { config: { answerCache: true } }, (_request, reply) =>
        reply.type('text/plain').send('y'.repeat(10_000)),
      );
    }, 100_000);
    for (let n = 0; n < 40; n++) await get(`/p/${n}`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(100_000);
    expect(cache.stats().entries).toBeLessThan(40);
    expect(cache.stats().entries).toBeGreaterThan(0);
  });

  it('weighs every rendition it keeps, so its bound holds for pages kept with many', async () => {
    const page = `<p>badge {count}</p>${'y'.repeat(5_000)}`;
    const { cache, get } = await serve((fastify) => {
      fastify.get('/p/:n', { config: { answerCache: COUNTED } }, (_request, reply) =>
        reply.type('text/html').send(page),
      );
    }, 200_000);
    await get('/p/0', { 'x-count': '0' });
    const one = cache.stats().bytes;
    for (let count = 1; count <= 3; count++) await get('/p/0', { 'x-count': String(count) });
    expect(cache.stats().bytes - one).toBeGreaterThanOrEqual(3 * page.length);
    for (let n = 1; n < 40; n++)
      for (let count = 0; count < 4; count++) await get(`/p/${n}`, { 'x-count': String(count) });
    // Each kept page holds its answer and four renditions: the bound has room for fewer than 200_000 / (5 × 5 KB).
    expect(cache.stats().bytes).toBeLessThanOrEqual(200_000);
    expect(cache.stats().entries).toBeLessThanOrEqual(Math.floor(200_000 / (5 * page.length)));
  });

  it('sends an answer its rule says not to keep with its rendition and encoding, and keeps none of it', async () => {
    let made = 0;
    const { cache, get } = await serve((fastify) => {
      const rule: AnswerRule = { ...COUNTED, kept: (req) => !req.url?.includes('search') };
      fastify.get('/list', { config: { answerCache: rule } }, (_request, reply) =>
        reply.type('text/html').send(`<p>badge {count}</p>${'z'.repeat(4000)}, ${++made}`),
      );
    });
    for (let i = 1; i <= 2; i++) {
      const response = await get('/list?search=dino', { 'x-count': '3', 'accept-encoding': 'gzip' });
      expect(response.headers.get('x-cache')).toBe('miss');
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(await response.text()).toMatch(new RegExp(`^<p>badge 3</p>z+, ${i}$`));
    }
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('a stock movement drops the product lists and what shows the moved products, and keeps the rest', async () => {
    const made = new Map<string, number>();
    const { cache, get } = await serve((fastify) => {
      for (const route of [
        '/shop',
        '/',
        '/product/:slug',
        '/api/products',
        '/api/products/:slug',
        '/api/products/:id/variants',
        '/api/categories',
      ])
        fastify.get(route, { config: { answerCache: true } }, (request, reply) => {
          made.set(request.url, (made.get(request.url) ?? 0) + 1);
          return reply.type('text/plain').send(`${request.url} #${made.get(request.url)}`);
        });
    });
    const urls = [
      '/shop',
      '/',
      '/product/rex-thong',
      '/product/rex-thong-deluxe',
      '/api/products',
      '/api/products/rex-thong',
      '/api/products/trike',
      '/api/products/1/variants',
      '/api/products/2/variants',
      '/api/categories',
    ];
    for (const url of urls) await get(url);
    cache.drop(answersShowingStockOf([{ id: 1, slug: 'rex-thong' }]));
    const after = Object.fromEntries(
      await Promise.all(urls.map(async (url) => [url, (await get(url)).headers.get('x-cache')] as const)),
    );
    expect(after).toEqual({
      '/shop': 'hit',
      '/': 'hit',
      '/product/rex-thong': 'miss',
      '/product/rex-thong-deluxe': 'hit',
      '/api/products': 'miss',
      '/api/products/rex-thong': 'miss',
      '/api/products/trike': 'hit',
      '/api/products/1/variants': 'miss',
      '/api/products/2/variants': 'hit',
      '/api/categories': 'hit',
    });
    // Kept again once made anew.
    expect((await get('/product/rex-thong')).headers.get('x-cache')).toBe('hit');
  });
});
