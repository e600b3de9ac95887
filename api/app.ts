import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import type { CatalogueReader } from '../projections/catalogue/catalogue.reader.ts';
import { projections } from '../projections/registry.ts';
import type { ConsumerStats } from '../consumers/consumer-runner.ts';
import { consumers } from '../consumers/registry.ts';
import type { AnswerCacheStats } from '../http/answer-rules.ts';
import { apiFallback, notFoundFallback } from './api-fallback.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { cartRoutes } from './cart/cart.routes.ts';
import { health } from './health/health.routes.ts';
import { metrics } from './metrics/metrics.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { openApi } from './openapi/openapi.ts';
import { answerHeaders } from '../http/plugins/answer-headers.ts';
import { causes } from '../http/plugins/causes.ts';
import { errorHandler } from '../http/plugins/error-handler.ts';
import { jsonBodies } from '../http/plugins/json-bodies.ts';
import { idempotency } from '../http/plugins/idempotency.ts';
import { type RateLimitOptions, registerRateLimits } from '../http/plugins/rate-limit.ts';
import type { RateLimitStoreStats } from '../http/plugins/rate-limit-store.ts';
import { sessions } from '../http/plugins/session.ts';
import { valibotValidation } from '../http/plugins/validation.ts';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limits.ts';
import type { Shop } from '../app/shop.ts';
import { stockAlertRoutes } from './stock-alerts/stock-alerts.routes.ts';
import { subscriptionRoutes } from './subscriptions/subscription.routes.ts';

export interface AppOptions {
  db: Database;
  catalogue: CatalogueReader;
  sessionSecret: string;
  /** The application (its services on one event store); the process shares it with the pages. */
  shop: Shop;
  /** Development (Vite's dev server beside it): the documents' security headers let its scripts run. */
  dev?: boolean;
  /** Per-address limits and where their counters live (default: DEFAULT_RATE_LIMITS in memory). */
  rateLimits?: RateLimitOptions;
  now?: () => Date;
  /** GET /metrics wants this bearer token when set (METRICS_TOKEN). */
  metricsToken?: string | undefined;
  /**
   * True once the server began to shut down: /health/ready then answers 503 so traffic drains, and
   * answers close their keep-alive connection.
   */
  shuttingDown?: () => boolean;
  /** The answer cache's counters, for /metrics (server/answer-cache/, composed by server/build-shop.ts). */
  answerCacheStats?: () => AnswerCacheStats;
  /** What this process's consumers have handled, for /metrics (the process starts them: server/build-shop.ts). */
  consumerStats?: () => ConsumerStats[];
}

/**
 * The router's options, for whoever creates the Fastify instance the app is registered in. A path
 * parameter longer than the router's default of 100 characters would match no route, and a bad id
 * would be a 404 "no endpoint" instead of the route's own 400.
 */
export const ROUTER_OPTIONS = { maxParamLength: 1_000 } as const;

/**
 * The JSON API as a Fastify plugin, with the plugins every answer of the process goes through (the
 * error handler, validation, answer headers, rate limits, idempotency, metrics, health, OpenAPI). It
 * never listens: server/server.ts does, and tests call `app.inject`. Not encapsulated (fastify-plugin):
 * the error handler, validator, hooks and `limitBy` apply to the instance it is registered on, so a
 * plugin registered next to it after it (the storefront's server side) answers the same way.
 */
export const app = fp(
  async (fastify: FastifyInstance, options: AppOptions): Promise<void> => {
    const { db, catalogue } = options;
    const { store, carts, subscriptions, orders, stockAlerts } = options.shop;

    // First: whatever a request writes, from any route registered after, carries it as its cause.
    await fastify.register(causes);
    await fastify.register(valibotValidation);
    await fastify.register(errorHandler);
    // Before the routes: both collect from every route registered after them.
    await fastify.register(openApi);
    // The rate limits are registered later (after the answer headers); their store is read when scraped.
    let rateLimitStore: (() => RateLimitStoreStats) | undefined;
    await fastify.register(metrics, {
      db,
      store,
      projections,
      token: options.metricsToken,
      consumers,
      consumerStats: options.consumerStats,
      answerCacheStats: options.answerCacheStats,
      rateLimitStoreStats: () => rateLimitStore?.(),
    });
    const shuttingDown = options.shuttingDown ?? (() => false);
    await fastify.register(health, { db, catalogue, projections, consumers, shuttingDown });
    jsonBodies(fastify);
    await fastify.register(answerHeaders, { dev: options.dev ?? false, shuttingDown });
    rateLimitStore = (await registerRateLimits(fastify, options.rateLimits ?? { limits: DEFAULT_RATE_LIMITS })).stats;
    // Before any route: routes with `config.idempotent` get their hooks as they are added.
    await fastify.register(idempotency, { db });

    await fastify.register(catalogueRoutes, { prefix: '/api', catalogue });
    await fastify.register(subscriptionRoutes, { prefix: '/api', subscriptions });
    await fastify.register(stockAlertRoutes, { prefix: '/api', stockAlerts });
    // The session scope of the API: the cart and order routes. Nothing else here pays for sessions. The JSON
    // API leaves the badge's count cookie to the page's script (it writes it from every cart it receives).
    await fastify.register(async (withSession) => {
      await withSession.register(sessions, { secret: options.sessionSecret });
      await withSession.register(cartRoutes, { prefix: '/api', carts });
      await withSession.register(ordersRoutes, { prefix: '/api', orders });
    });

    apiFallback(fastify);
    notFoundFallback(fastify);
  },
  { name: 'dino-shop-api', fastify: '5.x' },
);
