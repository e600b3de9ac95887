import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

const price = (cents: number) => (cents / 100).toFixed(2);

describe.each(BACKENDS)('search API on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  it('GET /api/search?q=raptr boxer finds the raptor boxers, with the matched parts of the name', async () => {
    const { status, body, headers } = await get('/api/search?q=raptr%20boxer');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=60');
    const boxers = seed.products.find((p) => p.name === 'Raptor Sneaky Silk Boxers')!;
    expect(body).toEqual({
      query: 'raptr boxer',
      products: [
        {
          id: boxers.id,
          name: boxers.name,
          slug: boxers.slug,
          price: price(boxers.priceCents),
          imageUrl: boxers.imageUrl,
          highlights: [
            { start: 0, end: 6 },
            { start: 19, end: 25 },
          ],
        },
      ],
      categories: [],
    });
  });

  it('echoes each query as asked, though an answer differing only in case was made first', async () => {
    const lower = await get('/api/search?q=rex');
    const upper = await get('/api/search?q=REX');
    expect(lower.body.query).toBe('rex');
    expect(upper.body.query).toBe('REX');
    expect(upper.body.products).toEqual(lower.body.products);
  });

  it('answers at most 6 products, best first, and the matching categories', async () => {
    const { body } = await get('/api/search?q=raptors');
    expect(body.categories).toEqual([{ name: 'Raptor', slug: 'raptor', highlights: [{ start: 0, end: 6 }] }]);
    const names = body.products.map((p: { name: string }) => p.name);
    expect(names.length).toBeGreaterThan(2);
    expect(names.slice(0, 2).every((n: string) => n.startsWith('Raptor '))).toBe(true);
    expect((await get('/api/search?q=boxers')).body.products).toHaveLength(6);
    expect(await get('/api/search?q=zzzzqqq')).toMatchObject({
      status: 200,
      body: { query: 'zzzzqqq', products: [], categories: [] },
    });
  });

  it('refuses a missing, blank, overlong or repeated q with a human message', async () => {
    expect(await get('/api/search')).toMatchObject({
      status: 400,
      body: { error: 'Bad Request', message: 'q is required' },
    });
    expect(await get('/api/search?q=%20%20')).toMatchObject({
      status: 400,
      body: { error: 'Bad Request', message: 'q must not be empty' },
    });
    expect(await get(`/api/search?q=${'a'.repeat(101)}`)).toMatchObject({
      status: 400,
      body: { message: 'q must be at most 100 characters' },
    });
    // Characters as a reader counts them: 100 emoji are 200 UTF-16 units, and still within the limit.
    const dinos = '\u{1F996}'.repeat(100);
    expect((await get(`/api/search?q=${encodeURIComponent(dinos)}`)).status).toBe(200);
    expect((await get(`/api/products?search=${encodeURIComponent(dinos)}`)).status).toBe(200);
    expect(await get(`/api/search?q=${encodeURIComponent(`${dinos}a`)}`)).toMatchObject({
      status: 400,
      body: { message: 'q must be at most 100 characters' },
    });
    expect(await get(`/api/products?search=${'a'.repeat(101)}`)).toMatchObject({
      status: 400,
      body: { message: 'search must be at most 100 characters' },
    });
    expect(await get('/api/search?q=a&q=b')).toMatchObject({
      status: 400,
      body: { error: 'Bad Request', message: 'q was given more than once; send it once' },
    });
    expect(await get('/api/products?search=a&search=b')).toMatchObject({
      status: 400,
      body: { message: 'search was given more than once; send it once' },
    });
  });

  it('GET /api/products?search= uses the same matching: typos and plurals, best match first', async () => {
    const { body } = await get('/api/products?search=raptr%20boxer');
    expect(body.map((p: { name: string }) => p.name)).toEqual(['Raptor Sneaky Silk Boxers']);
    const sorted = (await get('/api/products?search=boxers&sort=price_asc')).body.map((p: { price: string }) =>
      Number(p.price),
    );
    expect(sorted.length).toBeGreaterThanOrEqual(6);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
  });
});
