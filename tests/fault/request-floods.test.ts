import { describe, expect, it } from 'vitest';
import { BACKENDS } from './fault-support.ts';
import { hostileShop, product, random } from './hostile-requests.ts';

/**
 * Many requests from one client against a real server: sign-ups past the rate limit, and 5,000 distinct
 * URLs that must not grow the server's memory without bound.
 */

describe.each(BACKENDS)('hostile input on %s', (backend) => {
  const shop = hostileShop(backend);

  it('rate limits answer 429 with Retry-After and a message', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      last = await fetch(`${shop.server.url}/api/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `fault-${i}-${Date.now()}@example.com` }) });
      statuses.push(last.status);
    }
    // Seven sign-ups against a limit of five: the last is refused, whatever this address sent before.
    expect(statuses.at(-1), `statuses: ${statuses.join(', ')}`).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toEqual({ error: 'Too Many Requests', message: expect.stringContaining('Please wait'), requestId: expect.any(String) });
  });

  it('5,000 requests to distinct URLs grow the server by less than 150 MB', async () => {
    const base = shop.server.url;
    const warm = ['/', '/shop', `/product/${product.slug}`, '/no-such-page'];
    for (const path of warm) await fetch(`${base}${path}`).then((r) => r.arrayBuffer());
    const before = await shop.server.rssMb();
    const rand = random(7);
    // Mostly what a cache-busting script sends (tracking and unknown parameters), plus a share of
    // URLs that really are distinct pages (a search each, an unknown path each) and must be rendered.
    const urls = Array.from({ length: 5000 }, (_, i) => {
      if (i % 25 === 0) return `/shop?search=${i.toString(36)}&utm_campaign=${i}`;
      if (i % 25 === 1) return `/no-such-page-${i}`;
      const kind = i % 3;
      if (kind === 0) return `/?utm_source=${i}&fbclid=${rand()}`;
      if (kind === 1) return `/product/${product.slug}?gclid=${i}&ref=${rand()}`;
      return `/faq?${i}=${rand()}`;
    });
    let next = 0;
    const worker = async () => {
      while (next < urls.length) {
        const response = await fetch(`${base}${urls[next++]!}`, { headers: { 'accept-encoding': 'br, gzip' } });
        await response.arrayBuffer();
        expect(response.status).toBeLessThan(500);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const after = await shop.server.rssMb();
    console.info(`[fault] ${backend}: RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after 5,000 distinct URLs`);
    expect(after - before, `RSS grew from ${before.toFixed(0)} MB to ${after.toFixed(0)} MB`).toBeLessThan(150);
  }, 240_000);
});
