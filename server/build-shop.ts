import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type Shop, createShop } from '../app/shop.ts';
import type { Database } from '../db/database.ts';
import { purgeIdempotencyKeys } from '../db/idempotency-store.ts';
import { keepPlannerStatistics } from '../db/planner-statistics.ts';
import { pruneMailSends } from '../eventstore/mail-sends.ts';
import { type CatalogueCache, openCatalogueCache } from '../projections/catalogue/catalogue.cache.ts';
import { ROUTER_OPTIONS, app } from '../api/app.ts';
import type { RateLimitOptions } from '../http/plugins/rate-limit.ts';
import { requestIdOf } from '../http/logger.ts';
import { type RunningConsumers, startConsumers } from '../consumers/consumer-runner.ts';
import type { Mailer } from '../consumers/mail/mailer.ts';
import { consumers } from '../consumers/registry.ts';
import type { PageRenderer } from '../storefront-server/page-renderer.ts';
import { pages } from '../storefront-server/pages.ts';
import { type AnswerCache, createAnswerCache } from './answer-cache/answer-cache.ts';
import { dropAnswersOnCatalogueChange } from './answer-cache/stock-answers.ts';
import { DEFAULT_LIMITS, type ServerLimits } from './config.ts';
import { httpServerFactory } from './http-server.ts';
import { inFlightRequests } from './in-flight-requests.ts';
import { answerFrameworkError, answerRefusedRequests } from './protocol-errors.ts';

/** How often expired idempotency keys are deleted (they are already ignored on read; this frees the rows). */
const SWEEP_MS = 60 * 60 * 1000;
/** How long a sent message's mark is kept: far longer than any event waits to be handled again. */
const MAIL_SENDS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export interface ShopOptions {
  /** A prepared database (server/prepare-database.ts): the shop closes what it opens, never the database. */
  db: Database;
  sessionSecret: string;
  publicUrl: string;
  rateLimits: RateLimitOptions;
  trustProxy?: boolean;
  metricsToken?: string | undefined;
  limits?: ServerLimits;
  /** The process's logger (absent: nothing is logged). */
  logger?: FastifyBaseLogger | undefined;
  now?: (() => Date) | undefined;
  /** How often the catalogue looks for changes made by other processes (default: the cache's own). */
  cataloguePollMs?: number;
  /** The pages (absent: the JSON API and the plain HTML forms only, which need no build). */
  renderer?: PageRenderer | undefined;
  /** Runs the consumers of the log with this mail (absent: none run; a test drives its own). */
  consumers?: { mailer: Mailer; leaseMs: number } | undefined;
  /** The hourly purge of expired idempotency keys and the planner statistics' upkeep (default: on). */
  upkeep?: boolean;
}

export interface BuiltShop {
  fastify: FastifyInstance;
  shop: Shop;
  catalogue: CatalogueCache;
  /** The cached answers (catalogue API, catalogue pages) the HTTP server sends before Fastify. */
  answerCache: AnswerCache;
  /** True once the shop began to shut down (readiness then answers 503 so traffic drains). */
  state: { shuttingDown: boolean };
  /** Stops taking requests, waits for those in flight, then closes what the shop opened, newest first. */
  close(): Promise<void>;
}

/**
 * The shop, assembled once: the catalogue, the application on one event store, the answer cache,
 * the JSON API and the pages on one Fastify instance, the consumers and the upkeep. The process
 * (server/server.ts) and the tests build it here alike; a test leaves out what it drives itself.
 */
export async function buildShop(options: ShopOptions): Promise<BuiltShop> {
  const { db } = options;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const state = { shuttingDown: false };
  const shuttingDown = () => state.shuttingDown;
  const answerCache = createAnswerCache({ trustProxy: options.trustProxy ?? false, shuttingDown });
  const inFlight = inFlightRequests();
  const fastify = Fastify({
    serverFactory: httpServerFactory({ answerCache, inFlight, shuttingDown }),
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Every log line of a request carries its id (reqId); a proxy's x-request-id is kept end to end.
    genReqId: requestIdOf,
    clientErrorHandler: answerRefusedRequests(inFlight),
    frameworkErrors: answerFrameworkError,
    trustProxy: options.trustProxy ?? false,
    routerOptions: ROUTER_OPTIONS,
    bodyLimit: limits.bodyLimitBytes,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    http: {
      // Node applies the headers deadline only when it is the shorter one.
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      // Node looks for requests past their deadline on this interval (default 30 s, which would let
      // a trickled body outlive its timeout by that much).
      connectionsCheckingInterval: Math.min(1000, limits.requestTimeoutMs),
    },
  });
  // What the shop has opened, closed newest first: by close(), or when a later step fails.
  const opened: Array<() => unknown> = [];
  const closeOpened = async (quietly: boolean) => {
    for (const undo of opened.splice(0).reverse())
      await (quietly
        ? Promise.resolve()
            .then(undo)
            .catch(() => undefined)
        : undo());
  };
  try {
    const catalogue = await openCatalogueCache(db, {
      logger: fastify.log,
      ...(options.cataloguePollMs ? { pollMs: options.cataloguePollMs } : {}),
    });
    opened.push(() => catalogue.close());
    dropAnswersOnCatalogueChange(catalogue, answerCache, fastify.log);
    // fastify.close() stops accepting connections and waits for the requests in flight (new ones,
    // on connections kept alive too, get a 503: server/http-server.ts); the rest closes after it.
    opened.push(() => fastify.close());
    // First: the cache's hooks go on every route registered after it. Its hits are counted in the
    // request metrics, which the API plugin decorates the instance with.
    await fastify.register(answerCache.plugin, {
      observe: (route, statusCode, seconds) => fastify.observeRequest('GET', route, statusCode, seconds),
    });
    const shop = createShop({ db, catalogue, now: options.now });
    let running: RunningConsumers | undefined;
    await fastify.register(app, {
      db,
      catalogue,
      shop,
      sessionSecret: options.sessionSecret,
      dev: options.renderer?.dev ?? false,
      rateLimits: options.rateLimits,
      metricsToken: options.metricsToken,
      shuttingDown,
      answerCacheStats: answerCache.stats,
      consumerStats: () => running?.stats() ?? [],
    });
    // Next to the API, after it: the pages answer with its error handler, headers and rate limits.
    await fastify.register(pages, {
      catalogue,
      shop,
      sessionSecret: options.sessionSecret,
      publicUrl: options.publicUrl,
      renderer: options.renderer,
      answerCache,
      now: options.now,
    });
    await fastify.ready();

    if (options.upkeep !== false) {
      const sweep = () => {
        void purgeIdempotencyKeys(db).catch((err) => fastify.log.warn({ err }, 'idempotency key purge failed'));
        void pruneMailSends(db, new Date(Date.now() - MAIL_SENDS_KEPT_MS)).catch((err) =>
          fastify.log.warn({ err }, 'mail send marks prune failed'),
        );
      };
      sweep();
      const sweeper = setInterval(sweep, SWEEP_MS);
      sweeper.unref();
      opened.push(() => clearInterval(sweeper));
      // Cached plans must follow the tables' growth (db/planner-statistics.ts).
      opened.push(
        keepPlannerStatistics(db, {
          analyzed: (tables) => fastify.log.info({ tables }, 'planner statistics refreshed'),
          failed: (err) => fastify.log.warn({ err }, 'planner statistics check failed'),
        }),
      );
    }
    // After the commit: mail and other consumers of the log, each run by one instance at a time.
    if (options.consumers) {
      const started = startConsumers(
        db,
        consumers,
        { db, store: shop.store, mailer: options.consumers.mailer, publicUrl: options.publicUrl, log: fastify.log },
        { leaseMs: options.consumers.leaseMs },
      );
      running = started;
      opened.push(() => started.stop());
    }

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        state.shuttingDown = true;
        await closeOpened(false);
      })());
    return { fastify, shop, catalogue, answerCache, state, close };
  } catch (error) {
    await closeOpened(true);
    throw error;
  }
}
