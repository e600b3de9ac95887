import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { connectDatabase, describeTarget } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { upgradeSubscriptions } from './subscriptions/subscriber-upgrade.ts';
import { purgeIdempotencyKeys } from '../db/idempotency-store.ts';
import { keepPlannerStatistics } from '../db/planner-statistics.ts';
import { type CatalogueCache, openCatalogueCache } from '../projections/catalogue/catalogue.cache.ts';
import { catalogueVersion } from '../projections/catalogue/catalogue.queries.ts';
import { projections } from '../projections/registry.ts';
import { replayProjections, staleProjections } from '../projections/replay.ts';
import { catalogue as seedData } from '../seed/catalogue.data.ts';
import { seedCatalogue } from '../seed/seed-catalogue.ts';
import { ROUTER_OPTIONS, app } from './app.ts';
import { loggerOptions, requestIdOf } from './logging/logger.ts';
import { type AnswerCache, createAnswerCache } from './answer-cache/answer-cache.ts';
import { answersShowingStockOf } from './answer-cache/stock-answers.ts';
import { createShopServices } from './shop-services.ts';
import { connectRedis } from './redis-connection.ts';
// The process composes the API and the storefront's server side; nothing else in api/ imports it.
import { createPageRenderer } from '../storefront/server/page-renderer.ts';
import { pages } from '../storefront/server/pages.ts';
import { answerFrameworkError, answerRefusedRequests } from './protocol-errors.ts';
import { httpServerFactory } from './http-server.ts';
import { inFlightRequests } from './in-flight-requests.ts';
import { type RunningConsumers, startConsumers } from '../consumers/consumer-runner.ts';
import { createMailer } from '../consumers/mail/mailer.ts';
import { consumers } from '../consumers/registry.ts';

/**
 * The shop's own directory (where dist/ and vite.config.ts are): the nearest package.json above this
 * module, compiled or not, so `dino-shop serve` works from any working directory.
 */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** How often expired idempotency keys are deleted (they are already ignored on read; this frees the rows). */
const SWEEP_MS = 60 * 60 * 1000;

export interface RunningServer {
  fastify: FastifyInstance;
  db: Database;
  catalogue: CatalogueCache;
  /** The cached answers (catalogue API, catalogue pages) the server sends before Fastify. */
  answerCache: AnswerCache;
  url: string;
  close(): Promise<void>;
}

/**
 * Brings a database to the state the code expects: migrations applied, the catalogue seeded if the
 * database has none, and any projection whose version changed rebuilt from the log.
 */
export async function prepareDatabase(db: Database, log: (message: string) => void): Promise<void> {
  const applied = await migrate(db);
  if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
  const sealed = await upgradeSubscriptions(db);
  if (sealed > 0) log(`encrypted the address of ${sealed} subscription(s) written in clear`);
  if ((await catalogueVersion(db)) === 0) {
    const seeded = await seedCatalogue(db, seedData);
    log(`seeded the catalogue: ${seeded.products} products, ${seeded.variants} variants`);
  }
  const stale = await staleProjections(db, projections);
  if (stale.length > 0) {
    const result = await replayProjections(db, stale);
    log(`rebuilt projections ${result.projections.join(', ')} from ${result.events} events`);
  }
}

/** `storefront: false` serves the API alone (no build needed): what the multi-instance test runs. */
export async function startServer(config: Config, options: { dev?: boolean; root?: string; storefront?: boolean } = {}): Promise<RunningServer> {
  const { limits } = config;
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && (options.dev === true || process.stdout.isTTY === true));
  let shuttingDown = false;
  const answerCache = createAnswerCache({ trustProxy: config.trustProxy, shuttingDown: () => shuttingDown });
  const inFlight = inFlightRequests();
  const fastify = Fastify({
    serverFactory: httpServerFactory({ answerCache, inFlight, shuttingDown: () => shuttingDown }),
    logger: await loggerOptions({ level: config.logLevel, pretty }),
    // Every log line of a request carries its id (reqId); a proxy's x-request-id is kept end to end.
    genReqId: requestIdOf,
    clientErrorHandler: answerRefusedRequests(inFlight),
    frameworkErrors: answerFrameworkError,
    trustProxy: config.trustProxy,
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
  // What start-up has opened, closed newest first: by close(), or when a later step fails (the port
  // is taken, say), so the process exits with the error instead of living on, holding the database.
  const opened: Array<() => unknown> = [];
  const closeOpened = async (quietly: boolean) => {
    for (const undo of opened.splice(0).reverse()) await (quietly ? Promise.resolve().then(undo).catch(() => undefined) : undo());
  };
  try {
    // First, as the cheapest to find unreachable: the start then fails before opening anything else.
    const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
    // quit() fails while Redis is away (no queue): then the connection is just dropped.
    opened.push(() => redis?.quit().catch(() => redis.disconnect()));
    const db = await connectDatabase(config, { logger: fastify.log, log: (message) => fastify.log.warn(message) });
    opened.push(() => db.close());
    fastify.log.info(`database: ${describeTarget(config)}`);
    await prepareDatabase(db, (message) => fastify.log.info(message));
    const catalogue = await openCatalogueCache(db, { logger: fastify.log });
    opened.push(() => catalogue.close());
    const renderer = options.storefront === false ? undefined : await createPageRenderer({ root: options.root ?? packageRoot(), dev: options.dev ?? false });
    opened.push(() => renderer?.close());
    if (renderer) fastify.log.info({ nodeEnv: process.env.NODE_ENV ?? null }, `storefront: ${renderer.dev ? 'Vite dev server' : 'production build'}`);
    // The operator may mean it (a private network), so a warning rather than a refusal to start.
    if (process.env.NODE_ENV === 'production' && !config.metricsToken) fastify.log.warn('GET /metrics is open to anyone who can reach this server: set METRICS_TOKEN to require a bearer token');
    // Stock moves with every order: the answers that show the moved products' stock go (docs/decisions/0027);
    // all of them when a size or colour went in or out of stock, or the catalogue itself changed.
    catalogue.onChange((version, change) => {
      if (change.kind === 'stock' && !change.availability) {
        answerCache.drop(answersShowingStockOf([...change.productIds].flatMap((id) => catalogue.productById(id) ?? [])));
        return;
      }
      answerCache.clear();
      if (change.kind === 'catalogue') fastify.log.info({ version }, 'catalogue changed: reloaded, answer cache cleared');
    });
    opened.push(() => fastify.close());
    // First: the cache's hooks go on every route registered after it. Its hits are counted in the
    // request metrics, which the API plugin decorates the instance with.
    await fastify.register(answerCache.plugin, { observe: (route, statusCode, seconds) => fastify.observeRequest('GET', route, statusCode, seconds) });
    const services = createShopServices({ db, catalogue });
    let runningConsumers: RunningConsumers | undefined;
    await fastify.register(app, {
      db,
      catalogue,
      services,
      sessionSecret: config.sessionSecret,
      dev: renderer?.dev ?? false,
      rateLimits: { limits: config.rateLimits, ...(redis ? { redis } : {}) },
      metricsToken: config.metricsToken,
      shuttingDown: () => shuttingDown,
      answerCacheStats: answerCache.stats,
      consumerStats: () => runningConsumers?.stats() ?? [],
    });
    // Next to the API, after it: the pages answer with its error handler, headers and rate limits.
    await fastify.register(pages, { catalogue, services, sessionSecret: config.sessionSecret, publicUrl: config.publicUrl, renderer, answerCache });

    const sweep = () => {
      void purgeIdempotencyKeys(db).catch((err) => fastify.log.warn({ err }, 'idempotency key purge failed'));
    };
    sweep();
    const sweeper = setInterval(sweep, SWEEP_MS);
    sweeper.unref();
    opened.push(() => clearInterval(sweeper));
    // Cached plans must follow the tables' growth (db/planner-statistics.ts).
    const stopPlannerStatistics = keepPlannerStatistics(db, {
      analyzed: (tables) => fastify.log.info({ tables }, 'planner statistics refreshed'),
      failed: (err) => fastify.log.warn({ err }, 'planner statistics check failed'),
    });
    opened.push(stopPlannerStatistics);

    // After the commit: mail and other consumers of the log, each run by one instance at a time.
    const mailer = createMailer({ ...config.mail, dataDir: config.dataDir });
    opened.push(() => mailer.close());
    fastify.log.info(`mail: ${mailer.description}`);
    const running = startConsumers(db, consumers, { db, mailer, publicUrl: config.publicUrl, log: fastify.log }, { leaseMs: config.consumerLeaseMs });
    runningConsumers = running;
    opened.push(() => running.stop());

    let closing: Promise<void> | undefined;
    // fastify.close() stops accepting connections and waits for the requests in flight (new ones,
    // on connections kept alive too, get a 503: api/http-server.ts); the rest closes after it.
    const close = () =>
      (closing ??= (async () => {
        shuttingDown = true;
        await closeOpened(false);
      })());

    const url = await fastify.listen({ port: config.port, host: config.host });
    return { fastify, db, catalogue, answerCache, url, close };
  } catch (error) {
    await closeOpened(true);
    throw error;
  }
}
