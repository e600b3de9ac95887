import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/config.ts';
import { type RunningServer, startServer } from '../../../server/server.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { seedCatalogue } from '../../../seed/seed-catalogue.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';

const product = seed.products[0]!;
const PRODUCT_URL = `/api/products/${product.slug}`;

/** Headers that belong to one request: the rest of a cached answer's must be what Fastify sent. */
const OWN = new Set(['x-request-id', 'date', 'x-cache']);
const answerHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !OWN.has(name)));

/** A sample's value from the Prometheus text (the first line of `series` with all of `labels`), 0 when absent. */
function sample(metrics: string, series: string, ...labels: string[]): number {
  const line = metrics
    .split('\n')
    .find(
      (l) => (l.startsWith(`${series}{`) || l.startsWith(`${series} `)) && labels.every((label) => l.includes(label)),
    );
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/**
 * The catalogue API's answers sent again by the HTTP server before Fastify (server/answer-cache/): only a
 * real server shows them, `inject` goes straight to Fastify.
 */
describe.each(BACKENDS)('the answer cache of the catalogue API on %s', (backend) => {
  let database: TestDatabase;
  let server: RunningServer;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    // The server opens the database itself (a PGlite directory has one owner).
    await database.db.close();
    const env = {
      ...(database.target.databaseUrl
        ? { DATABASE_URL: database.target.databaseUrl }
        : { DATA_DIR: database.target.dataDir }),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
    };
    server = await startServer(
      { ...parseEnv(env), sessionSecret: 'a-session-secret-for-the-answer-cache-test' },
      { storefront: false },
    );
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const metrics = async () => (await get('/metrics')).text();
  const sentFromStore = async () => sample(await metrics(), 'dino_answer_cache_hits_total');

  it('sends a URL the second time from its stored answer: the same status, headers and bytes, with a request id of its own', async () => {
    const sentBefore = await sentFromStore();
    const first = await get(PRODUCT_URL);
    expect(first.status).toBe(200);
    expect(server.answerCache.kept(PRODUCT_URL)).toBe(1);
    const again = await get(PRODUCT_URL, { 'x-request-id': 'lb-42:stored' });
    expect(again.status).toBe(200);
    expect(answerHeaders(again)).toEqual(answerHeaders(first));
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get('x-request-id')).toBe('lb-42:stored');
    expect([first.headers.get('x-cache'), again.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    const third = await get(PRODUCT_URL);
    // A new id, in the shape a proxy may pass on itself.
    expect(third.headers.get('x-request-id')).toMatch(/^[\w.:-]{1,64}$/);
    expect(third.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await sentFromStore()).toBe(sentBefore + 2);
  });

  it('keeps each query string apart: another sort is another answer', async () => {
    const byPrice = await (await get('/api/products?sort=price_asc')).json();
    const byName = await (await get('/api/products?sort=name_asc')).json();
    expect(await (await get('/api/products?sort=price_asc')).json()).toEqual(byPrice);
    expect(await (await get('/api/products?sort=name_asc')).json()).toEqual(byName);
    expect(byPrice).not.toEqual(byName);
  });

  it('shares one answer between URLs that differ only in parameters the route does not read', async () => {
    const first = await get('/api/products?sort=price_desc&utm_source=mail');
    expect(first.status).toBe(200);
    const sentBefore = await sentFromStore();
    const again = await get('/api/products?fbclid=abc&sort=price_desc');
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(await again.text()).toBe(await first.text());
    expect(await sentFromStore()).toBe(sentBefore + 1);
    expect(server.answerCache.kept('/api/products?sort=price_desc')).toBe(1);
  });

  it('counts answers sent from the store in the request metrics, under their route', async () => {
    const count = async () =>
      sample(
        await metrics(),
        'http_request_duration_seconds_count',
        'route="/api/products/:slug"',
        'status_code="200"',
      );
    const before = await count();
    const sentBefore = await sentFromStore();
    for (let i = 0; i < 3; i++) expect((await get(PRODUCT_URL)).status).toBe(200);
    expect(await count()).toBe(before + 3);
    expect(await sentFromStore()).toBe(sentBefore + 3);
  });

  it('never stores a refusal: a 404 or a 400 is Fastify’s answer every time', async () => {
    const sentBefore = await sentFromStore();
    for (const path of ['/api/products/no-such-dino', '/api/products?sort=sideways', '/api/products/999999/variants']) {
      const first = await get(path);
      const again = await get(path);
      expect(first.status).toBeGreaterThanOrEqual(400);
      expect(again.status).toBe(first.status);
      expect(await again.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      expect(server.answerCache.kept(path)).toBe(0);
    }
    expect(await sentFromStore()).toBe(sentBefore);
  });

  it('adds HSTS only to a request that came over HTTPS (X-Forwarded-Proto behind a trusted proxy)', async () => {
    await get(PRODUCT_URL);
    expect((await get(PRODUCT_URL, { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toMatch(
      /^max-age=\d+/,
    );
    expect(
      (await get(PRODUCT_URL, { 'x-forwarded-proto': 'http' })).headers.get('strict-transport-security'),
    ).toBeNull();
    expect((await get(PRODUCT_URL)).headers.get('strict-transport-security')).toBeNull();
  });

  it('leaves HEAD to Fastify', async () => {
    await get(PRODUCT_URL);
    const sentBefore = await sentFromStore();
    const head = await fetch(`${server.url}${PRODUCT_URL}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await sentFromStore()).toBe(sentBefore);
  });

  it('answers the new catalogue as soon as the server has it, never a stored answer of the old one', async () => {
    await get(PRODUCT_URL);
    expect(server.answerCache.kept(PRODUCT_URL)).toBe(1);
    const renamed = { ...seed, products: seed.products.map((p, i) => (i === 0 ? { ...p, name: 'Stored Rex' } : p)) };
    expect((await seedCatalogue(server.db, renamed)).changed).toBe(true);
    await server.catalogue.refresh();
    expect(server.answerCache.kept(PRODUCT_URL)).toBe(0);
    expect(await (await get(PRODUCT_URL)).json()).toMatchObject({ name: 'Stored Rex' });
    expect(await (await get(PRODUCT_URL)).json()).toMatchObject({ name: 'Stored Rex' });
  });
});
