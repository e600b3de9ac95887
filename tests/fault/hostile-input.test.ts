import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './fault-support.ts';
import {
  PUBLIC_URL,
  describeRequest,
  hostileFormPosts,
  hostileShop,
  malformedRequests,
  problemWith,
  product,
  send,
} from './hostile-requests.ts';

/**
 * What a request carries, against a real server: thousands of malformed requests and hostile form posts,
 * a body trickled byte by byte, requests no route sees, and a forged Host header.
 */

const EVIL = 'evil-host.example';

describe.each(BACKENDS)('hostile input on %s', (backend) => {
  const shop = hostileShop(backend);

  it('5,000 generated malformed requests and 2,000 hostile form posts: no 5xx, every error a JSON { error, message }, no way off the site', async () => {
    const base = new URL(shop.server.url);
    const requests = [...malformedRequests(5000), ...hostileFormPosts(2000, base.origin)];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        // A request refused by the HTTP parser (oversized, raw bytes in its path) gets a 431/400 whose
        // JSON body a HEAD response should not carry (it is written before the method is known): every
        // HEAD goes on its own connection, where such a body cannot be read as the next answer.
        const refusedByParser =
          request.path.length + JSON.stringify(request.headers).length > 16_000 || /[^\x21-\x7e]/.test(request.path);
        const isHead = request.method === 'HEAD';
        const headOversized = isHead && refusedByParser;
        try {
          const problem = problemWith(
            request,
            await send(base, isHead ? new http.Agent({ keepAlive: false }) : agent, request),
          );
          if (problem) problems.push(`${describeRequest(request)} → ${problem}`);
        } catch (error) {
          // The server may close a connection it refuses (oversized headers): never crash.
          const refusedOnTheWire = error instanceof Error && /ECONNRESET|socket hang up|EPIPE/.test(error.message);
          const headBody = headOversized && error instanceof Error && /Parse Error/.test(error.message);
          if (!refusedOnTheWire && !headBody) problems.push(`${describeRequest(request)} → ${String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    agent.destroy();
    expect(
      problems,
      `${problems.length} bad answers of ${requests.length}:\n${problems.slice(0, 30).join('\n')}`,
    ).toEqual([]);
    // Still healthy afterwards.
    expect((await fetch(`${shop.server.url}/api/categories`)).status).toBe(200);
  }, 240_000);

  it('a body trickled at one byte a second is cut with a 408 while other clients are served', async () => {
    const base = new URL(shop.server.url);
    const started = Date.now();
    const slow = net.connect(Number(base.port), base.hostname);
    slow.write(
      'POST /api/subscribe HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    const trickle = setInterval(() => slow.writable && slow.write('{'), 1000);
    const answer = new Promise<string>((resolve) => {
      let text = '';
      slow.on('data', (chunk) => (text += chunk.toString()));
      slow.on('close', () => resolve(text));
      slow.on('error', () => resolve(text));
    });
    const others: number[] = [];
    while (Date.now() - started < 2500) {
      const t = Date.now();
      expect((await fetch(`${shop.server.url}/api/categories`)).status).toBe(200);
      others.push(Date.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const text = await answer;
    clearInterval(trickle);
    const took = Date.now() - started;
    expect(text, 'the slow request was not answered 408').toMatch(/^HTTP\/1\.1 408/);
    expect(text).toMatch(
      /"error":"Request Timeout","message":"The request took too long to arrive; send it again","requestId":"[\w-]+"/,
    );
    expect(took, `cut after ${took} ms (timeout 3000 ms)`).toBeLessThan(6000);
    expect(Math.max(...others), `other clients waited ${others.join(', ')} ms`).toBeLessThan(1000);
  });

  it('requests refused before any route (a broken URL, headers too large, not HTTP) answer as every error does', async () => {
    const raw = (request: string) =>
      new Promise<{ head: string; body: Record<string, unknown> }>((resolve, reject) => {
        const base = new URL(shop.server.url);
        const socket = net.connect(Number(base.port), base.hostname, () => socket.write(request));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = text.split('\r\n\r\n');
          resolve({ head, body: JSON.parse(body) as Record<string, unknown> });
        });
      });
    const answers = [
      [400, 'Bad Request', await raw('GET /api/products/%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')],
      [
        431,
        'Request Header Fields Too Large',
        await raw(`GET / HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`),
      ],
      [400, 'Bad Request', await raw('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n')],
    ] as const;
    for (const [status, error, { head, body }] of answers) {
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(body).toEqual({
        error,
        message: expect.stringMatching(/^The /),
        requestId: expect.stringMatching(/^[\w-]+$/),
      });
    }
  });

  it('the Host header is never reflected into a response or the cache', async () => {
    const base = new URL(shop.server.url);
    const paths = [
      '/',
      '/robots.txt',
      '/sitemap.xml',
      `/product/${product.slug}`,
      '/shop?utm_source=x',
      '/api/products',
      '/no-such-page',
      '/api/nope',
      '/cart',
    ];
    const leaks: string[] = [];
    for (const path of paths) {
      const variants: Array<Record<string, string>> = [
        { host: EVIL },
        { host: 'localhost', 'x-forwarded-host': EVIL, forwarded: `host=${EVIL}` },
      ];
      for (const headers of variants) {
        const response = await send(base, new http.Agent(), { method: 'GET', path, headers });
        const all = `${JSON.stringify(response.headers)}\n${response.body}`;
        if (all.includes(EVIL)) leaks.push(`${path} with ${JSON.stringify(headers)}: ${response.status}`);
      }
    }
    // What the next, honest visitor gets (from the cache) names only the configured origin.
    for (const path of ['/robots.txt', '/sitemap.xml', `/product/${product.slug}`]) {
      const text = await (await fetch(`${shop.server.url}${path}`)).text();
      if (text.includes(EVIL)) leaks.push(`${path} cached for the next visitor`);
      if (path !== `/product/${product.slug}` || text.includes('canonical')) expect(text).toContain(PUBLIC_URL);
    }
    expect(leaks, `Host reflected:\n${leaks.join('\n')}`).toEqual([]);
  });
});
