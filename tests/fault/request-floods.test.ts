import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BYTES } from '../../server/answer-cache/kept-answers.ts';
import { BACKENDS } from './fault-support.ts';
import { hostileShop, product, random } from './hostile-requests.ts';

/**
 * Many requests from one client against a real server: sign-ups past the rate limit, and 5,000 distinct
 * URLs that must not grow the server's memory past what docs/reliability.md says.
 */

const ANSWER_CACHE_MB = DEFAULT_MAX_BYTES / 1024 / 1024;

/** The server's own view of its memory, in MB: V8's heap, the buffers outside it, the answer cache. */
async function memoryMetrics(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const mb = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]) / 1024 / 1024;
  return {
    heap: mb('nodejs_heap_size_used_bytes'),
    external: mb('nodejs_external_memory_bytes'),
    cache: mb('dino_answer_cache_bytes'),
  };
}

describe.each(BACKENDS)('hostile input on %s', (backend) => {
  const shop = hostileShop(backend);
  // What the server keeps, not the garbage V8 has yet to collect (its timing varies from run to run).
  const settledMemory = async () => {
    await shop.server.collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { rss: await shop.server.rssMb(), ...(await memoryMetrics(shop.server.url)) };
  };

  it('rate limits answer 429 with Retry-After and a message', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      last = await fetch(`${shop.server.url}/api/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `fault-${i}-${Date.now()}@example.com` }),
      });
      statuses.push(last.status);
    }
    // Seven sign-ups against a limit of five: the last is refused, whatever this address sent before.
    expect(statuses.at(-1), `statuses: ${statuses.join(', ')}`).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toEqual({
      error: 'Too Many Requests',
      message: expect.stringContaining('Please wait'),
      requestId: expect.any(String),
    });
  });

  // What grows here is the Node process's own (answers kept, renders, the allocator), the same code on
  // either database; PGlite's heap lives in that process too, so it is the case that carries the bound.
  it.runIf(backend === 'pglite')(
    '5,000 distinct URLs, half of them searches, leave the server less than 110 MB larger after a full collection and the cache within its bound',
    async () => {
      const base = shop.server.url;
      const warm = ['/', '/shop', '/faq', `/product/${product.slug}`, '/no-such-page'];
      for (const path of warm) await fetch(`${base}${path}`).then((r) => r.arrayBuffer());
      const before = await settledMemory();
      const rand = random(7);
      const word = (i: number) => `${i.toString(36)}q${Math.floor(rand() * 1e6).toString(36)}`;
      // What a crawler or a script sends: distinct searches (each rendered), listings the cache keeps
      // (an unknown collection: more of them than the cache has room for), and cache-busting parameters.
      const urls = Array.from({ length: 5000 }, (_, i) => {
        if (i % 2 === 0) return `/shop?search=${word(i)}`;
        if (i % 12 === 1) return `/shop?collection=${word(i)}`;
        if (i % 3 === 0) return `/?utm_source=${i}&fbclid=${word(i)}`;
        if (i % 3 === 1) return `/product/${product.slug}?gclid=${i}`;
        return `/faq?${i}=${word(i)}`;
      });
      let next = 0;
      const worker = async () => {
        while (next < urls.length) {
          const response = await fetch(`${base}${urls[next++]!}`, { headers: { 'accept-encoding': 'br, gzip' } });
          await response.arrayBuffer();
          expect(response.status).toBe(200);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      const peak = await shop.server.rssMb();
      const after = await settledMemory();
      const grew = (name: keyof typeof after) => after[name] - before[name];
      console.info(
        `[fault] ${backend}: after 5,000 distinct URLs RSS ${before.rss.toFixed(0)} -> ${peak.toFixed(0)} MB (${after.rss.toFixed(0)} MB after a full collection), ` +
          `V8 heap ${before.heap.toFixed(0)} -> ${after.heap.toFixed(0)} MB, buffers ${before.external.toFixed(0)} -> ${after.external.toFixed(0)} MB, ` +
          `answer cache ${after.cache.toFixed(1)} MB`,
      );
      // The cache counts every byte it holds: the buffers it keeps grow by its bound, not by a multiple of it.
      expect(after.cache).toBeLessThanOrEqual(ANSWER_CACHE_MB);
      expect(grew('external'), 'buffers held beyond the answer cache’s bound').toBeLessThan(ANSWER_CACHE_MB + 15);
      expect(grew('rss'), `RSS grew from ${before.rss.toFixed(0)} MB to ${after.rss.toFixed(0)} MB`).toBeLessThan(110);
      // A search's results are rendered for each request, never kept.
      for (let i = 0; i < 2; i++) expect((await fetch(`${base}${urls[0]!}`)).headers.get('x-cache')).toBe('miss');
    },
    240_000,
  );
});
