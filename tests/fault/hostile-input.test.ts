import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../seed/catalogue.data.ts';
import { BACKENDS, serverForTests } from './fault-support.ts';

const PUBLIC_URL = 'http://shop.example.test';
const EVIL = 'evil-host.example';

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface Received {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A deterministic PRNG (mulberry32), so a failure names a request that can be sent again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const product = seed.products[0]!;

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its raw UTF-8 bytes. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};
const variant = product.variants[0]!;

/** At least `count` malformed or hostile requests of every kind the brief names. */
function malformedRequests(count: number): Sent[] {
  const rand = random(20_261_123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const weird = ['', ' ', '\u0000', '🦖', 'ü', '\u202e', '../', '%00', "'; drop table events; --", '<script>', 'a'.repeat(300), '\ud800'];
  const numbers = [0, -1, -0, 1e308, -1e308, 2 ** 53 + 1, 1.5, 99, 100, 1000, Number.MAX_SAFE_INTEGER, -2147483649];
  const values = [...numbers, ...weird, null, true, false, [], {}, [1, 2], { $gt: 1 }, '1', '1e3', 'NaN'];
  const bodies = [
    () => '{',
    () => '{"productId": 1,}',
    () => 'null',
    () => '[]',
    () => '"text"',
    () => '12',
    () => JSON.stringify({ productId: pick(values), variantId: pick(values), quantity: pick(values) }),
    () => JSON.stringify({ productId: product.id, variantId: variant.id, quantity: pick(numbers) }),
    () => JSON.stringify({ quantity: pick(values) }),
    () => JSON.stringify({ email: pick(values) }),
    () => JSON.stringify({ email: `${pick(weird)}@${pick(weird)}` }),
    () => JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }),
    () => '{"a":'.repeat(5000),
    () => JSON.stringify({ email: 'x'.repeat(20_000) }),
    () => Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
  ];
  const paths = [
    '/api/cart',
    '/api/cart',
    '/api/subscribe',
    '/api/subscribe',
    () => `/api/cart/${encode(pick(weird))}`,
    () => `/api/cart/${pick(['%ff', '%', '%2e%2e%2f', '..%2f..%2f', '%00', '00000000-0000-0000-0000-000000000000'])}`,
    () => `/api/products?${pick(['sort=', 'sort=%ff', 'search=%', 'limit=-1', 'limit=1e309', 'page=NaN', `search=${'a'.repeat(5000)}`, 'sort[]=1', 'sort=price&sort=name'])}`,
    () => `/api/products/${encode(pick(weird))}`,
    () => `/api/categories/${pick(['%', '..', '%2e%2e', '🦖'])}`,
    '/api/../../../etc/passwd',
    '/api/%2e%2e/%2e%2e/etc/passwd',
    '//api//cart',
    '/api/cart/../../etc/passwd',
    '/api/cart?__proto__[x]=1',
    () => `/api/${'x'.repeat(20_000)}`,
    '/api/nope',
    '/assets/../../package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
  ];
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND', 'TRACE', 'FOO'];
  const contentTypes = ['application/json', 'application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=nope', '', '🦖'];
  const cookies = ['', 'dino.sid=', 'dino.sid=forged.value', 'dino.sid=%', `dino.sid=${'a'.repeat(4000)}`, 'dino.sid=a; dino.sid=b', '=;=;=', `x=${'y'.repeat(20_000)}`, 'dino.sid=\u00ff'];
  const requests: Sent[] = [];
  while (requests.length < count) {
    const path = pick(paths);
    const method = pick(methods);
    const headers: Record<string, string> = {};
    const contentType = pick(contentTypes);
    // Non-ASCII goes on the wire as its raw UTF-8 bytes (Node's client sends header and path strings as latin1).
    const raw = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
    if (contentType) headers['content-type'] = raw(contentType);
    const cookie = pick(cookies);
    if (cookie) headers.cookie = raw(cookie);
    if (rand() < 0.05) headers['x-forwarded-for'] = pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1', '']);
    // (Not on HEAD: the 431 carries a body, which a HEAD response must not, and Node's client chokes on it.)
    if (rand() < 0.03 && method !== 'HEAD') headers['x-huge'] = 'h'.repeat(20_000);
    const body = method === 'GET' || method === 'HEAD' ? undefined : pick(bodies)();
    requests.push({ method, path: raw(typeof path === 'function' ? path() : path), headers, ...(body !== undefined ? { body } : {}) });
  }
  return requests;
}

/**
 * At least `count` hostile posts to the plain HTML forms, half of them from the shop's own origin (so
 * they pass the origin check and reach the handlers): odd and repeated fields, huge numbers, bad
 * percent-encoding, returnTo values that point off the site or split headers, and bodies of the wrong type.
 */
function hostileFormPosts(count: number, origin: string): Sent[] {
  const rand = random(20_261_127);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const values = ['', ' ', '0', '-0', '1', '1e3', '1.5', '-1', '99', '100', '99999999999999999999', 'NaN', 'abc', '%', '%ff', '%00', '🦖', '\u202e', "'; drop table events; --", 'a'.repeat(3000)];
  const returnTos = ['/', '/shop', '//evil.example/x', 'https://evil.example/', '/\\evil.example', '%0d%0aSet-Cookie:%20x=1', '/cart%0d%0aX:1', 'javascript:alert(1)', '/%2e%2e/%2e%2e/etc/passwd', ''];
  const fieldsOf: Record<string, readonly string[]> = {
    '/cart/add': ['productId', 'variantId', 'quantity', 'size', 'color', 'intent'],
    '/cart/clear': ['cartVersion'],
    '/cart/promo': ['promoCode'],
    '/checkout': ['email', 'firstName', 'lastName', 'address', 'city', 'state', 'zipCode', 'country', 'paymentMethod', 'cardNumber', 'cardName', 'cardExpiry', 'cardCvc', 'cartVersion'],
    '/subscribe': ['email'],
    '/contact': ['name', 'email', 'subject', 'message'],
    '/track-order': ['orderNumber', 'email'],
  };
  const paths = [...Object.keys(fieldsOf), () => `/cart/items/${pick(['x', '%ff', '%', '..%2f', '00000000-0000-0000-0000-000000000000'])}`, () => `/cart/items/${pick(['x', '%00'])}/remove`];
  const requests: Sent[] = [];
  while (requests.length < count) {
    const chosen = pick(paths);
    const path = typeof chosen === 'function' ? chosen() : chosen;
    const names = fieldsOf[path] ?? ['quantity', 'cartVersion'];
    const pairs: string[] = [];
    for (const name of names) if (rand() < 0.7) pairs.push(`${name}=${encode(pick(values))}`);
    if (rand() < 0.3) pairs.push(`${pick(names)}=${encode(pick(values))}`); // a field sent twice
    if (rand() < 0.5) pairs.push(`returnTo=${rand() < 0.5 ? encode(pick(returnTos)) : pick(returnTos)}`);
    if (rand() < 0.1) pairs.push(pick(['%', '=', '&&&', '__proto__[x]=1', 'constructor[prototype][x]=1', '%zz=1']));
    const contentType = pick(['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=latin1', 'multipart/form-data; boundary=x', 'text/plain', '']);
    const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
    if (rand() < 0.5) headers.origin = origin;
    else if (rand() < 0.5) headers.referer = pick([`${origin}/shop`, 'https://evil.example/', 'null', '%']);
    requests.push({ method: 'POST', path, headers, body: pairs.join('&') });
  }
  return requests;
}

function send(base: URL, agent: http.Agent, request: Sent): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, agent, method: request.method, path: request.path, headers: request.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

/** What is wrong with one answer, or undefined. Every API error and every protocol error is `{ error, message }` JSON. */
function problemWith(request: Sent, response: Received): string | undefined {
  if (response.status >= 500) return `${response.status} ${response.body.slice(0, 200)}`;
  // A form's answer goes back to a page of this shop, never elsewhere.
  const location = response.headers.location;
  if (location !== undefined && (!location.startsWith('/') || location.startsWith('//') || location.startsWith('/\\'))) return `${response.status} to ${location}`;
  const apiOrProtocol = request.path.startsWith('/api') || [400, 405, 408, 413, 414, 415, 431].includes(response.status);
  if (response.status < 400 || request.method === 'HEAD' || !apiOrProtocol) return undefined;
  try {
    const body = JSON.parse(response.body);
    if (typeof body.error !== 'string' || typeof body.message !== 'string' || body.message === '') return `${response.status} without {error, message}: ${response.body.slice(0, 200)}`;
  } catch {
    return `${response.status} not JSON: ${response.body.slice(0, 200)}`;
  }
  return undefined;
}

const describeRequest = (r: Sent) => `${r.method} ${r.path.slice(0, 120)} ${JSON.stringify(r.headers).slice(0, 160)} body=${String(r.body ?? '').slice(0, 120)}`;

describe.each(BACKENDS)('hostile input on %s', (backend) => {
  // Cart limits out of the way, so the hostile form posts (all from one address) reach the handlers.
  const shop = serverForTests(backend, { REQUEST_TIMEOUT_MS: '3000', RATE_LIMIT_SUBSCRIPTIONS: '5', RATE_LIMIT_NEW_CARTS: '100000', RATE_LIMIT_CART_WRITES: '100000', PUBLIC_URL });

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
        const refusedByParser = request.path.length + JSON.stringify(request.headers).length > 16_000 || /[^\x21-\x7e]/.test(request.path);
        const isHead = request.method === 'HEAD';
        const headOversized = isHead && refusedByParser;
        try {
          const problem = problemWith(request, await send(base, isHead ? new http.Agent({ keepAlive: false }) : agent, request));
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
    expect(problems, `${problems.length} bad answers of ${requests.length}:\n${problems.slice(0, 30).join('\n')}`).toEqual([]);
    // Still healthy afterwards.
    expect((await fetch(`${shop.server.url}/api/categories`)).status).toBe(200);
  }, 240_000);

  it('a body trickled at one byte a second is cut with a 408 while other clients are served', async () => {
    const base = new URL(shop.server.url);
    const started = Date.now();
    const slow = net.connect(Number(base.port), base.hostname);
    slow.write('POST /api/subscribe HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n');
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
    expect(text).toMatch(/"error":"Request Timeout","message":"The request took too long to arrive; send it again","requestId":"[\w-]+"/);
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
      [431, 'Request Header Fields Too Large', await raw(`GET / HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`)],
      [400, 'Bad Request', await raw('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n')],
    ] as const;
    for (const [status, error, { head, body }] of answers) {
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(body).toEqual({ error, message: expect.stringMatching(/^The /), requestId: expect.stringMatching(/^[\w-]+$/) });
    }
  });

  it('rate limits answer 429 with Retry-After and a message', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      last = await fetch(`${shop.server.url}/api/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `fault-${i}-${Date.now()}@example.com` }) });
      statuses.push(last.status);
    }
    // The malformed run above may have spent some of this address's sign-ups already.
    expect(statuses.at(-1), `statuses: ${statuses.join(', ')}`).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toEqual({ error: 'Too Many Requests', message: expect.stringContaining('Please wait'), requestId: expect.any(String) });
  });

  it('the Host header is never reflected into a response or the cache', async () => {
    const base = new URL(shop.server.url);
    const paths = ['/', '/robots.txt', '/sitemap.xml', `/product/${product.slug}`, '/shop?utm_source=x', '/api/products', '/no-such-page', '/api/nope', '/cart'];
    const leaks: string[] = [];
    for (const path of paths) {
      const variants: Array<Record<string, string>> = [{ host: EVIL }, { host: 'localhost', 'x-forwarded-host': EVIL, forwarded: `host=${EVIL}` }];
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
