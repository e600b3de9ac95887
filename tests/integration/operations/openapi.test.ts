import { Ajv } from 'ajv';
import { createShop } from '../../../app/shop.ts';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../../api/app.ts';
import { type CatalogueCache, openCatalogueCache } from '../../../projections/catalogue/catalogue.cache.ts';
import { type TestDatabase, createTestDatabase } from '../../support/databases.ts';

interface Operation {
  parameters?: Array<{ in: string; name: string; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}

/** A bad input per route that takes any (a route added without one fails the first test). */
const BAD_INPUT: Record<string, { url: string; payload?: unknown }> = {
  'GET /api/categories/:slug': { url: '/api/categories/Not%20A%20Slug!' },
  'GET /api/products': { url: '/api/products?sort=cheapest' },
  'GET /api/products/category/:slug': { url: '/api/products/category/Not%20A%20Slug!' },
  'GET /api/products/:id/variants': { url: '/api/products/abc/variants' },
  'GET /api/products/:slug': { url: '/api/products/Not%20A%20Slug!' },
  'POST /api/cart': { url: '/api/cart', payload: { productId: 'one', variantId: 1, quantity: 1 } },
  'PUT /api/cart/:itemId': { url: '/api/cart/not-a-uuid', payload: { quantity: 1 } },
  'DELETE /api/cart/:itemId': { url: '/api/cart/not-a-uuid' },
  'POST /api/subscribe': { url: '/api/subscribe', payload: { email: 'not-an-email' } },
  'POST /api/stock-alerts': {
    url: '/api/stock-alerts',
    payload: { email: 'not-an-email', productId: 1, variantId: 1 },
  },
  'GET /api/search': { url: '/api/search?q=' },
  'POST /api/orders': { url: '/api/orders', payload: { email: 42 } },
  'GET /api/orders/:number': { url: '/api/orders/DINO-123456' },
  'POST /api/orders/:number/cancel': { url: '/api/orders/DINO-123456/cancel', payload: { email: 42 } },
};

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let fastify: FastifyInstance;
  let database: TestDatabase;
  let catalogue: CatalogueCache;
  const routes: RouteOptions[] = [];
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown> };
  };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    catalogue = await openCatalogueCache(database.db, { pollMs: 60_000 });
    fastify = Fastify({ logger: false });
    fastify.addHook('onRoute', (route) => void routes.push(route));
    await fastify.register(app, {
      db: database.db,
      catalogue,
      shop: createShop({ db: database.db, catalogue }),
      sessionSecret: 'a-test-secret-that-is-long-enough-123',
    });
    await fastify.ready();
    const response = await fastify.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    doc = response.json();
  });
  afterAll(async () => {
    await fastify?.close();
    await catalogue?.close();
    await database?.drop();
  });

  /** The JSON API's routes: /api/..., minus the catch-all 404 and the documentation itself. */
  const apiRoutes = () =>
    routes.flatMap((route) =>
      route.url.startsWith('/api/') &&
      !route.url.includes('*') &&
      !route.url.startsWith('/api/docs') &&
      route.url !== '/api/openapi.json'
        ? [route.method]
            .flat()
            .filter((m) => m !== 'HEAD')
            .map((method) => ({ method, route }))
        : [],
    );

  it('is OpenAPI 3.1 and documents every /api route with its parameters, body and responses', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = apiRoutes();
    expect(documented.length).toBeGreaterThanOrEqual(13);
    for (const { method, route } of documented) {
      const operation = doc.paths[toOpenApiPath(route.url)]?.[method.toLowerCase()];
      expect(operation, `${method} ${route.url}`).toBeDefined();
      const schema = (route.schema ?? {}) as {
        body?: unknown;
        params?: { properties: object };
        querystring?: { properties: object };
        response: Record<string, unknown>;
      };
      if (schema.body)
        expect(
          operation!.requestBody?.content['application/json']?.schema,
          `${method} ${route.url} body`,
        ).toBeDefined();
      for (const [part, where] of [
        ['params', 'path'],
        ['querystring', 'query'],
      ] as const) {
        for (const name of Object.keys(schema[part]?.properties ?? {})) {
          expect(
            operation!.parameters?.some((p) => p.in === where && p.name === name),
            `${method} ${route.url} ${where} ${name}`,
          ).toBe(true);
        }
      }
      for (const status of Object.keys(schema.response)) {
        expect(
          operation!.responses[status]?.content?.['application/json']?.schema,
          `${method} ${route.url} ${status}`,
        ).toBeDefined();
      }
      const takesInput = Boolean(schema.body || schema.params || schema.querystring);
      // Input in the path, query or body can be bad; so can a write's Idempotency-Key and If-Match headers.
      const takesHeaders = ['POST', 'PUT', 'DELETE'].includes(method);
      expect(Boolean(operation!.responses['400']), `${method} ${route.url} documents 400`).toBe(
        takesInput || takesHeaders,
      );
      if (takesInput)
        expect(BAD_INPUT[`${method} ${route.url}`], `a bad input for ${method} ${route.url}`).toBeDefined();
    }
  });

  it('documents the error shape the routes send: each bad input and each 404 answers exactly that schema', async () => {
    const ajv = new Ajv({ strict: false });
    const checked: string[] = [];
    for (const [key, input] of Object.entries(BAD_INPUT)) {
      const [method, url] = key.split(' ') as [string, string];
      const documented =
        doc.paths[toOpenApiPath(url)]![method.toLowerCase()]!.responses['400']!.content!['application/json']!.schema;
      const response = await fastify.inject({
        method: method as 'GET',
        url: input.url,
        ...(input.payload ? { payload: input.payload } : {}),
      });
      expect(response.statusCode, key).toBe(400);
      const body = response.json();
      expect(
        ajv.validate({ ...documented, additionalProperties: false }, body),
        `${key}: ${JSON.stringify(body)} ${ajv.errorsText()}`,
      ).toBe(true);
      expect(body.requestId).toEqual(expect.any(String));
      checked.push(key);
    }
    const notFound = await fastify.inject({ method: 'GET', url: '/api/products/no-such-product' });
    const documented404 =
      doc.paths['/api/products/{slug}']!.get!.responses['404']!.content!['application/json']!.schema;
    expect(notFound.statusCode).toBe(404);
    expect(ajv.validate({ ...documented404, additionalProperties: false }, notFound.json()), ajv.errorsText()).toBe(
      true,
    );
    expect(checked).toHaveLength(Object.keys(BAD_INPUT).length);
    expect(doc.components.schemas.ApiError).toMatchObject({ required: ['error', 'message'] });
  });

  it('hides pages, health and metrics; serves Swagger UI at /api/docs from local assets only', async () => {
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
    const ui = await fastify.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    const assets = [...ui.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const served = await fastify.inject({
        method: 'GET',
        url: new URL(asset, 'http://shop.test/api/docs/').pathname,
      });
      expect(served.statusCode, asset).toBe(200);
    }
    const initializer = await fastify.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    // No outside URL as a value (a comment may cite one), and no spec validator called out to.
    expect(initializer.body).not.toMatch(/["'`]https?:\/\//);
    expect(initializer.body).toContain('validatorUrl: null');
  });
});
