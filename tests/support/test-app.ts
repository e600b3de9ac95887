import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { type AppOptions, ROUTER_OPTIONS, app } from '../../api/app.ts';
import { createShopServices } from '../../api/shop-services.ts';
import { pages } from '../../storefront/server/pages.ts';
import { type CatalogueCache, openCatalogueCache } from '../../projections/catalogue/catalogue.cache.ts';
import { type Backend, type TestDatabase, createTestDatabase } from './databases.ts';

export interface TestApp extends TestDatabase {
  fastify: FastifyInstance;
  catalogue: CatalogueCache;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Limits no functional test reaches (tests of the limits pass their own). */
const GENEROUS_LIMITS = { limits: { newCarts: 100_000, subscriptions: 100_000, cartWrites: 100_000 } };

/** The real API and the plain HTML forms (no pages: they need a build) on a fresh database of `backend`, driven through inject. */
export async function createTestApp(
  backend: Backend,
  options: Pick<AppOptions, 'rateLimits' | 'now' | 'metricsToken' | 'shuttingDown'> & { trustProxy?: boolean } = {},
): Promise<TestApp> {
  const { trustProxy, ...appOptions } = options;
  const database = await createTestDatabase(backend);
  const catalogue = await openCatalogueCache(database.db, { pollMs: 60_000 });
  const fastify = Fastify({ logger: false, bodyLimit: 16 * 1024, trustProxy: trustProxy ?? false, routerOptions: ROUTER_OPTIONS });
  const sessionSecret = 'a-test-secret-that-is-long-enough-123';
  const services = createShopServices({ db: database.db, catalogue, now: appOptions.now });
  await fastify.register(app, { db: database.db, catalogue, sessionSecret, services, ...appOptions, rateLimits: options.rateLimits ?? GENEROUS_LIMITS });
  await fastify.register(pages, { catalogue, services, sessionSecret, publicUrl: 'http://localhost:3000', now: appOptions.now });
  await fastify.ready();
  return {
    ...database,
    fastify,
    catalogue,
    inject: (options) => fastify.inject(options),
    async close() {
      await fastify.close();
      await catalogue.close();
      await database.drop();
    },
  };
}

/** A shopper: remembers the session cookie across requests, like a browser. */
export function shopper(testApp: Pick<TestApp, 'inject'>) {
  let cookie: string | undefined;
  return {
    get cookie() {
      return cookie;
    },
    async request(options: InjectOptions) {
      const response = await testApp.inject({ ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } });
      const setCookie = response.headers['set-cookie'];
      const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
      if (first) cookie = first.split(';')[0];
      return response;
    },
  };
}
