import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { seedCatalogue } from '../../../seed/seed-catalogue.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

describe.each(BACKENDS)('catalogue API on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  it('every catalogue answer may be kept a minute by browsers and CDNs; its errors may not', async () => {
    const product = seed.products[0]!;
    for (const url of [
      '/api/categories',
      '/api/categories/raptor',
      '/api/products?sort=price_asc',
      '/api/products/bestsellers',
      `/api/products/${product.slug}`,
      `/api/products/${product.id}/variants`,
      '/api/testimonials',
    ]) {
      const { status, headers } = await get(url);
      expect([url, status, headers['cache-control'], headers['content-type']]).toEqual([
        url,
        200,
        'public, max-age=60',
        'application/json; charset=utf-8',
      ]);
    }
    for (const url of [
      '/api/categories/no-such-thing',
      '/api/products/not-a-product',
      '/api/products/999999/variants',
      '/api/categories/Bad%20Slug!',
    ]) {
      const { status, headers } = await get(url);
      expect([url, status >= 400, headers['cache-control']]).toEqual([url, true, undefined]);
    }
  });

  it('GET /api/categories lists every category with the spec fields', async () => {
    const { status, body } = await get('/api/categories');
    expect(status).toBe(200);
    expect(body.map((c: { slug: string }) => c.slug)).toEqual(seed.categories.map((c) => c.slug));
    expect(Object.keys(body[0]).sort()).toEqual(['description', 'id', 'imageUrl', 'name', 'slug']);
  });

  it('GET /api/categories/{slug} answers one category, 404 for an unknown slug, 400 for a malformed one', async () => {
    expect((await get('/api/categories/raptor')).body.name).toBe('Raptor');
    expect(await get('/api/categories/no-such-thing')).toMatchObject({
      status: 404,
      body: { error: 'Not Found', message: 'No category called "no-such-thing"' },
    });
    expect(await get('/api/categories/Bad%20Slug!')).toMatchObject({ status: 400, body: { error: 'Bad Request' } });
  });

  it('GET /api/products answers money as 2-decimal strings and the spec fields', async () => {
    const { status, body } = await get('/api/products');
    expect(status).toBe(200);
    expect(body).toHaveLength(seed.products.length);
    for (const product of body) {
      expect(product.price).toMatch(/^\d+\.\d{2}$/);
      expect(typeof product.id).toBe('number');
      expect(typeof product.bestSeller).toBe('boolean');
      expect(typeof product.featured).toBe('boolean');
    }
    const first = seed.products[0]!;
    expect(body.find((p: { id: number }) => p.id === first.id).price).toBe((first.priceCents / 100).toFixed(2));
  });

  it('GET /api/products sorts by price both ways, newest and name', async () => {
    const prices = (list: Array<{ price: string }>) => list.map((p) => Number(p.price));
    const asc = prices((await get('/api/products?sort=price_asc')).body);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = prices((await get('/api/products?sort=price_desc')).body);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const ids = (await get('/api/products?sort=newest')).body.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const names = (await get('/api/products?sort=name_asc')).body.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
  });

  it('GET /api/products?search= matches name or description, case-insensitively', async () => {
    const { body } = await get('/api/products?search=RAPTOR');
    expect(body.length).toBeGreaterThan(0);
    for (const p of body) expect(`${p.name} ${p.description}`.toLowerCase()).toContain('raptor');
    expect((await get('/api/products?search=zzzz-nothing')).body).toEqual([]);
  });

  it('GET /api/products refuses an unknown sort with a human message', async () => {
    expect(await get('/api/products?sort=cheapest')).toMatchObject({
      status: 400,
      body: { error: 'Bad Request', message: 'sort must be one of price_asc, price_desc, newest, name_asc' },
    });
  });

  it('GET /api/products/category/{slug} answers the members, including the link categories', async () => {
    for (const slug of ['raptor', 'stegosaurus', 'triceratops', 'new-arrivals', 'bestsellers']) {
      const { status, body } = await get(`/api/products/category/${slug}`);
      expect(status).toBe(200);
      const expected = seed.products
        .filter((p) => p.categories.includes(slug))
        .map((p) => p.id)
        .sort((a, b) => a - b);
      expect(body.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(expected);
      expect(body.length).toBeGreaterThan(0);
    }
    expect((await get('/api/products/category/unicorns')).status).toBe(404);
  });

  it('GET /api/products/bestsellers answers exactly the bestsellers', async () => {
    const { body } = await get('/api/products/bestsellers');
    expect(body.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(
      seed.products
        .filter((p) => p.bestSeller)
        .map((p) => p.id)
        .sort((a, b) => a - b),
    );
  });

  it('GET /api/products/{slug} answers the product or a JSON 404', async () => {
    const first = seed.products[0]!;
    expect((await get(`/api/products/${first.slug}`)).body).toMatchObject({
      id: first.id,
      name: first.name,
      slug: first.slug,
    });
    expect(await get('/api/products/not-a-product')).toMatchObject({ status: 404, body: { error: 'Not Found' } });
  });

  it("every list of products and a single product carry each product's variants, as /variants answers them", async () => {
    const variantsOf = async (id: number) => (await get(`/api/products/${id}/variants`)).body;
    const lists = [
      '/api/products',
      '/api/products?search=lace&sort=price_asc',
      '/api/products/bestsellers',
      '/api/products/category/raptor',
    ];
    for (const url of lists) {
      const { status, body } = await get(url);
      expect([url, status, body.length > 0]).toEqual([url, 200, true]);
      for (const product of body)
        expect([url, product.id, product.variants]).toEqual([url, product.id, await variantsOf(product.id)]);
    }
    const first = seed.products[0]!;
    const { body } = await get(`/api/products/${first.slug}`);
    expect(body.variants.map((v: { id: number }) => v.id)).toEqual(first.variants.map((v) => v.id));
    expect(Object.keys(body.variants[0]).sort()).toEqual(['color', 'colorHex', 'id', 'productId', 'size', 'stock']);
  });

  it('GET /api/products/{id}/variants answers the variants in order; 404 unknown id; 400 non-numeric', async () => {
    const first = seed.products[0]!;
    const { body } = await get(`/api/products/${first.id}/variants`);
    expect(body.map((v: { id: number }) => v.id)).toEqual(first.variants.map((v) => v.id));
    expect(Object.keys(body[0]).sort()).toEqual(['color', 'colorHex', 'id', 'productId', 'size', 'stock']);
    expect((await get('/api/products/9999/variants')).status).toBe(404);
    expect(await get('/api/products/abc/variants')).toMatchObject({
      status: 400,
      body: { message: 'product id must be a positive whole number' },
    });
  });

  it('GET /api/testimonials answers testimonials with fractional ratings', async () => {
    const { body } = await get('/api/testimonials');
    expect(body).toHaveLength(seed.testimonials.length);
    expect(body.some((t: { rating: number }) => !Number.isInteger(t.rating))).toBe(true);
  });

  it('an unknown /api path is a JSON 404, and no catalogue read sets a session cookie', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'Not Found',
      message: 'No API endpoint GET /api/nothing/here',
      requestId: expect.any(String),
    });
    const products = await get('/api/products');
    expect(products.headers['set-cookie']).toBeUndefined();
    expect(products.headers['x-content-type-options']).toBe('nosniff');
    expect(products.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("a request outside /api that no route takes is a 404 in the shop's error shape", async () => {
    for (const [method, url] of [
      ['POST', '/'],
      ['GET', '/assets/nope.js'],
      ['PUT', '/shop?x=1'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        error: 'Not Found',
        message: `Nothing here answers ${method} ${url.split('?')[0]}`,
        requestId: expect.any(String),
      });
    }
  });

  it('a known /api path asked with a method it does not answer is a 405 naming the methods it does', async () => {
    const wrong = await app.inject({ method: 'DELETE', url: '/api/products/bestsellers?limit=1' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    expect(wrong.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(wrong.json()).toEqual({
      error: 'Method Not Allowed',
      message: '/api/products/bestsellers answers GET, HEAD, not DELETE',
      requestId: expect.any(String),
    });
    // A parameterised route counts too; an unknown path stays a 404 whatever the method.
    expect((await app.inject({ method: 'POST', url: '/api/products/some-slug' })).headers.allow).toBe('GET, HEAD');
    expect((await app.inject({ method: 'POST', url: '/api/nothing/here' })).statusCode).toBe(404);
    // An unknown path is echoed cut short.
    const long = await app.inject({ method: 'GET', url: `/api/${'x'.repeat(5_000)}` });
    expect(long.json().message).toBe(`No API endpoint GET /api/${'x'.repeat(95)}…`);
    // A long slug is the route's own answer, not "no endpoint".
    expect((await app.inject({ method: 'GET', url: `/api/products/${'a'.repeat(150)}` })).json()).toMatchObject({
      message: 'slug must be lowercase letters, digits and dashes',
    });
  });

  // Last: it changes the catalogue.
  it('answers from the new catalogue after a seed changes it (serialised answers are per version)', async () => {
    const first = seed.products[0]!;
    expect((await get(`/api/products/${first.slug}`)).body.name).toBe(first.name);
    const changed = {
      ...seed,
      products: seed.products.map((p) => (p.id === first.id ? { ...p, name: 'Re-seeded Rex', priceCents: 1234 } : p)),
    };
    expect((await seedCatalogue(app.db, changed)).changed).toBe(true);
    await app.catalogue.refresh();
    expect((await get(`/api/products/${first.slug}`)).body).toMatchObject({ name: 'Re-seeded Rex', price: '12.34' });
    expect((await get('/api/products')).body.find((p: { id: number }) => p.id === first.id).name).toBe('Re-seeded Rex');
  });
});
