import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { mixRequests } from '../../../bench/lib/mix.ts';
import { searchQueries } from '../../../bench/lib/search-queries.ts';
import { openLoop } from '../../../bench/open-loop.ts';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('the bench mix', () => {
  it('sends each kind in its share, spread through the run, and leaves a zero-weight slot empty', () => {
    const mix = mixRequests({
      kinds: [
        { kind: 'a', weight: 60, requests: [{ path: '/a' }] },
        { kind: 'b', weight: 40, requests: [{ path: '/b' }] },
        { kind: 'orders', weight: 0 },
      ],
    });
    const kinds = Array.from({ length: 100 }, () => mix.next().kind);
    expect(kinds.filter((k) => k === 'a')).toHaveLength(60);
    expect(kinds).not.toContain('orders');
    // Spread, not in blocks: never more than two of `a` in a row.
    expect(kinds.join('')).not.toContain('aaa');
  });

  it('spreads every kind evenly over the instances, whatever the mix period (a kind never sticks to one instance)', () => {
    const day = [
      { kind: 'pages', weight: 60, requests: [{ path: '/' }] },
      { kind: 'api', weight: 15, requests: [{ path: '/api/products' }] },
      { kind: 'cartWrites', weight: 8, requests: [{ path: '/api/cart' }] },
      { kind: 'cartPages', weight: 5, requests: [{ path: '/cart' }] },
      { kind: 'orders', weight: 2, requests: [{ path: '/api/orders' }] },
    ];
    for (const count of [2, 3]) {
      const mix = mixRequests({ kinds: day, instances: { count, header: 'x-bench-instance' } });
      const byKind = new Map<string, number[]>();
      for (let i = 0; i < 9_000; i++) {
        const r = mix.next();
        const per = byKind.get(r.kind) ?? byKind.set(r.kind, Array(count).fill(0)).get(r.kind)!;
        per[Number(r.headers!['x-bench-instance'])]! += 1;
      }
      for (const [kind, per] of byKind)
        expect(Math.max(...per) - Math.min(...per), `${kind} over ${count}: ${per.join(', ')}`).toBeLessThanOrEqual(1);
      expect(byKind.get('orders')!.every((n) => n > 0)).toBe(true);
    }
    // The same with origins (the load generator as the balancer).
    const origins = mixRequests({ kinds: day, origins: ['http://a', 'http://b'] });
    const orders = Array.from({ length: 1_000 }, () => origins.next())
      .filter((r) => r.kind === 'orders')
      .map((r) => r.path.split('/')[2]);
    expect(orders.filter((o) => o === 'a').length - orders.filter((o) => o === 'b').length).toBe(0);
  });

  it('never sends a search query twice, across runs of the same mix', () => {
    const mix = mixRequests({ kinds: [{ kind: 'search', weight: 1, searchFrom: 0 }] });
    const paths = Array.from({ length: 5000 }, () => mix.next().path);
    expect(new Set(paths).size).toBe(5000);
    expect(mix.searchesSent()).toBe(5000);
    expect(new Set(searchQueries()).size).toBe(searchQueries().length);
  });

  it('does not count an answer from the answer cache for a request that must be made afresh', async () => {
    let n = 0;
    server = http.createServer((_request, response) => {
      response.setHeader('x-cache', n++ % 2 === 0 ? 'miss' : 'hit');
      response.end('{}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await openLoop({
      url,
      rate: 200,
      connections: 1,
      duration: 0.2,
      next: () => ({ kind: 'search', path: '/api/search?q=x', missOnly: true }),
    });
    expect(result.kinds.search!.cacheHits).toBe(20);
    expect(result.total).toBe(20);
  });

  it("fills carts line by line at a fixed rate, each line after the first carrying its cart's cookie", async () => {
    const seen: Array<{ cookie: string | undefined; body: string }> = [];
    let carts = 0;
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        seen.push({ cookie: request.headers.cookie, body });
        if (!request.headers.cookie) response.setHeader('set-cookie', `cart=${++carts}; Path=/; HttpOnly`);
        response.statusCode = 201;
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const mix = mixRequests({
      kinds: [{ kind: 'lines', weight: 1, cartLines: { bodies: ['1', '2', '3'], carts: 4 } }],
    });
    // A cart's next line is due 100 ms after its first (4 carts at 40/s): time enough for its answer on a busy machine.
    const result = await openLoop({ url, rate: 40, connections: 4, duration: 0.6, next: mix.next });
    expect(result.statusCodes).toEqual({ '201': 24 });
    // Two rounds of 4 carts of 3 lines: each cart's later lines carry the cookie its first line was given.
    expect(carts).toBe(8);
    const byCart = new Map<string, string[]>();
    for (const { cookie, body } of seen) if (cookie) byCart.set(cookie, [...(byCart.get(cookie) ?? []), body]);
    expect([...byCart.values()]).toEqual(Array.from({ length: 8 }, () => ['2', '3']));
    expect(mix.cartsRestarted()).toBe(0);
    // A line due before its cart's first answer came back starts a new cart instead, and is counted.
    const tooFew = mixRequests({ kinds: [{ kind: 'lines', weight: 1, cartLines: { bodies: ['1', '2'], carts: 1 } }] });
    tooFew.next();
    expect(tooFew.next()).toMatchObject({ body: '1', headers: { 'content-type': 'application/json' } });
    expect(tooFew.next().headers).not.toHaveProperty('cookie');
    expect(tooFew.cartsRestarted()).toBe(2);
  });
});
