import http from 'node:http';
import { catalogue as seed } from '../../seed/catalogue.data.ts';
import { type Backend, serverForTests } from './fault-support.ts';

/**
 * Hostile requests for the fault suite: generated malformed requests and form posts, sent over raw
 * HTTP, and the rule every answer must keep; and the server they are sent to.
 */

export const PUBLIC_URL = 'http://shop.example.test';

export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface Received {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A deterministic PRNG (mulberry32), so a failure names a request that can be sent again. */
export function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The product the requests name (and the tests load). */
export const product = seed.products[0]!;
const variant = product.variants[0]!;

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its raw UTF-8 bytes. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

/** At least `count` malformed or hostile requests of every kind the brief names. */
export function malformedRequests(count: number): Sent[] {
  const rand = random(20_261_123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const weird = [
    '',
    ' ',
    '\u0000',
    '🦖',
    'ü',
    '\u202e',
    '../',
    '%00',
    "'; drop table events; --",
    '<script>',
    'a'.repeat(300),
    '\ud800',
  ];
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
    () =>
      `/api/products?${pick(['sort=', 'sort=%ff', 'search=%', 'limit=-1', 'limit=1e309', 'page=NaN', `search=${'a'.repeat(5000)}`, 'sort[]=1', 'sort=price&sort=name'])}`,
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
  const contentTypes = [
    'application/json',
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=nope',
    '',
    '🦖',
  ];
  const cookies = [
    '',
    'dino.sid=',
    'dino.sid=forged.value',
    'dino.sid=%',
    `dino.sid=${'a'.repeat(4000)}`,
    'dino.sid=a; dino.sid=b',
    '=;=;=',
    `x=${'y'.repeat(20_000)}`,
    'dino.sid=\u00ff',
  ];
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
    requests.push({
      method,
      path: raw(typeof path === 'function' ? path() : path),
      headers,
      ...(body !== undefined ? { body } : {}),
    });
  }
  return requests;
}

/**
 * At least `count` hostile posts to the plain HTML forms, half of them from the shop's own origin (so
 * they pass the origin check and reach the handlers): odd and repeated fields, huge numbers, bad
 * percent-encoding, returnTo values that point off the site or split headers, and bodies of the wrong type.
 */
export function hostileFormPosts(count: number, origin: string): Sent[] {
  const rand = random(20_261_127);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const values = [
    '',
    ' ',
    '0',
    '-0',
    '1',
    '1e3',
    '1.5',
    '-1',
    '99',
    '100',
    '99999999999999999999',
    'NaN',
    'abc',
    '%',
    '%ff',
    '%00',
    '🦖',
    '\u202e',
    "'; drop table events; --",
    'a'.repeat(3000),
  ];
  const returnTos = [
    '/',
    '/shop',
    '//evil.example/x',
    'https://evil.example/',
    '/\\evil.example',
    '%0d%0aSet-Cookie:%20x=1',
    '/cart%0d%0aX:1',
    'javascript:alert(1)',
    '/%2e%2e/%2e%2e/etc/passwd',
    '',
  ];
  const fieldsOf: Record<string, readonly string[]> = {
    '/cart/add': ['productId', 'variantId', 'quantity', 'size', 'color', 'intent'],
    '/cart/clear': ['cartVersion'],
    '/cart/promo': ['promoCode'],
    '/checkout': [
      'email',
      'firstName',
      'lastName',
      'address',
      'city',
      'state',
      'zipCode',
      'country',
      'paymentMethod',
      'cardNumber',
      'cardName',
      'cardExpiry',
      'cardCvc',
      'cartVersion',
    ],
    '/subscribe': ['email'],
    '/contact': ['name', 'email', 'subject', 'message'],
    '/track-order': ['orderNumber', 'email'],
    '/track-order/cancel': ['orderNumber', 'email'],
    '/stock-alert': ['email', 'productId', 'variantId'],
  };
  const paths = [
    ...Object.keys(fieldsOf),
    () => `/cart/items/${pick(['x', '%ff', '%', '..%2f', '00000000-0000-0000-0000-000000000000'])}`,
    () => `/cart/items/${pick(['x', '%00'])}/remove`,
  ];
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
    const contentType = pick([
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=latin1',
      'multipart/form-data; boundary=x',
      'text/plain',
      '',
    ]);
    const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
    if (rand() < 0.5) headers.origin = origin;
    // biome-ignore lint/suspicious/noDuplicateElseIf: a second draw, not the same condition.
    else if (rand() < 0.5) headers.referer = pick([`${origin}/shop`, 'https://evil.example/', 'null', '%']);
    requests.push({ method: 'POST', path, headers, body: pairs.join('&') });
  }
  return requests;
}

export function send(base: URL, agent: http.Agent, request: Sent): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        agent,
        method: request.method,
        path: request.path,
        headers: request.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** What is wrong with one answer, or undefined. Every API error and every protocol error is `{ error, message }` JSON. */
export function problemWith(request: Sent, response: Received): string | undefined {
  if (response.status >= 500) return `${response.status} ${response.body.slice(0, 200)}`;
  // A form's answer goes back to a page of this shop, never elsewhere.
  const location = response.headers.location;
  if (location !== undefined && (!location.startsWith('/') || location.startsWith('//') || location.startsWith('/\\')))
    return `${response.status} to ${location}`;
  const apiOrProtocol =
    request.path.startsWith('/api') || [400, 405, 408, 413, 414, 415, 431].includes(response.status);
  if (response.status < 400 || request.method === 'HEAD' || !apiOrProtocol) return undefined;
  try {
    const body = JSON.parse(response.body);
    if (typeof body.error !== 'string' || typeof body.message !== 'string' || body.message === '')
      return `${response.status} without {error, message}: ${response.body.slice(0, 200)}`;
  } catch {
    return `${response.status} not JSON: ${response.body.slice(0, 200)}`;
  }
  return undefined;
}

export const describeRequest = (r: Sent) =>
  `${r.method} ${r.path.slice(0, 120)} ${JSON.stringify(r.headers).slice(0, 160)} body=${String(r.body ?? '').slice(0, 120)}`;

/**
 * For the tests of one describe block: a server with a 3 s request deadline, a sign-up limit of 5 a
 * minute and a public URL of its own. Cart limits are out of the way, so hostile form posts (all from one
 * address) reach the handlers.
 */
export const hostileShop = (backend: Backend) =>
  serverForTests(
    backend,
    {
      REQUEST_TIMEOUT_MS: '3000',
      RATE_LIMIT_SIGN_UPS: '5',
      RATE_LIMIT_NEW_CARTS: '100000',
      RATE_LIMIT_CART_AND_ORDERS: '100000',
      PUBLIC_URL,
    },
    { inspect: true },
  );
