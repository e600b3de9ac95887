import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Shop } from '../../app/shop.ts';
import type { RateLimitOptions } from '../../http/plugins/rate-limit.ts';
import type { CatalogueCache } from '../../projections/catalogue/catalogue.cache.ts';
import { type BuiltShop, buildShop } from '../../server/build-shop.ts';
import { type Backend, type TestDatabase, createTestDatabase } from './databases.ts';

export interface TestApp extends TestDatabase {
  fastify: FastifyInstance;
  shop: Shop;
  catalogue: CatalogueCache;
  /** Set `shuttingDown` to see the shop as it drains. */
  state: BuiltShop['state'];
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Limits no functional test reaches (tests of the limits pass their own). */
const GENEROUS_LIMITS = { limits: { newCarts: 100_000, signUps: 100_000, cartAndOrders: 100_000 } };

/**
 * The shop as the process builds it (server/build-shop.ts) on a fresh database of `backend`, driven
 * through inject: the API and the plain HTML forms, without what a test drives itself (the pages,
 * which need a build; the consumers; the upkeep timers).
 */
export async function createTestApp(
  backend: Backend,
  options: { rateLimits?: RateLimitOptions; now?: () => Date; metricsToken?: string; trustProxy?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(backend);
  const built = await buildShop({
    db: database.db,
    sessionSecret: 'a-test-secret-that-is-long-enough-123',
    publicUrl: 'http://localhost:3000',
    rateLimits: options.rateLimits ?? GENEROUS_LIMITS,
    trustProxy: options.trustProxy ?? false,
    metricsToken: options.metricsToken,
    now: options.now,
    cataloguePollMs: 60_000,
    upkeep: false,
  });
  return {
    ...database,
    fastify: built.fastify,
    shop: built.shop,
    catalogue: built.catalogue,
    state: built.state,
    inject: (request) => built.fastify.inject(request),
    async close() {
      await built.close();
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
      const response = await testApp.inject({
        ...options,
        headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) },
      });
      const setCookie = response.headers['set-cookie'];
      const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
      if (first) cookie = first.split(';')[0];
      return response;
    },
  };
}
