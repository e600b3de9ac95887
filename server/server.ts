import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { connectDatabase, describeTarget } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import type { CatalogueCache } from '../projections/catalogue/catalogue.cache.ts';
import { createLogger } from '../http/logger.ts';
import type { AnswerCache } from './answer-cache/answer-cache.ts';
import { connectRedis } from '../http/redis-connection.ts';
import { buildShop } from './build-shop.ts';
import { prepareDatabase } from './prepare-database.ts';
import { createPageRenderer } from '../storefront-server/page-renderer.ts';
import { createMailer } from '../consumers/mail/mailer.ts';

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
 * The process: connects what the shop needs (Redis, the database, the page renderer, the mail),
 * prepares the database, builds the shop (server/build-shop.ts) and listens. `storefront: false`
 * serves the API alone (no build needed): what the multi-instance test runs.
 */
export async function startServer(
  config: Config,
  options: { dev?: boolean; root?: string; storefront?: boolean } = {},
): Promise<RunningServer> {
  const pretty =
    config.logFormat === 'pretty' ||
    (config.logFormat === 'auto' && (options.dev === true || process.stdout.isTTY === true));
  const logger = await createLogger({ level: config.logLevel, pretty });
  // What start-up has opened, closed newest first: by close(), or when a later step fails (the port
  // is taken, say), so the process exits with the error instead of living on, holding the database.
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
    // First, as the cheapest to find unreachable: the start then fails before opening anything else.
    const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
    // quit() fails while Redis is away (no queue): then the connection is just dropped.
    opened.push(() => redis?.quit().catch(() => redis.disconnect()));
    const db = await connectDatabase(config, { logger, log: (message) => logger.warn(message) });
    opened.push(() => db.close());
    logger.info(`database: ${describeTarget(config)}`);
    await prepareDatabase(db, (message) => logger.info(message));
    const renderer =
      options.storefront === false
        ? undefined
        : await createPageRenderer({ root: options.root ?? packageRoot(), dev: options.dev ?? false });
    opened.push(() => renderer?.close());
    if (renderer)
      logger.info(
        { nodeEnv: process.env.NODE_ENV ?? null },
        `storefront: ${renderer.dev ? 'Vite dev server' : 'production build'}`,
      );
    // The operator may mean it (a private network), so a warning rather than a refusal to start.
    if (process.env.NODE_ENV === 'production' && !config.metricsToken)
      logger.warn(
        'GET /metrics is open to anyone who can reach this server: set METRICS_TOKEN to require a bearer token',
      );
    const mailer = createMailer({ ...config.mail, dataDir: config.dataDir });
    opened.push(() => mailer.close());
    logger.info(`mail: ${mailer.description}`);

    const built = await buildShop({
      db,
      sessionSecret: config.sessionSecret,
      publicUrl: config.publicUrl,
      rateLimits: { limits: config.rateLimits, ...(redis ? { redis } : {}) },
      trustProxy: config.trustProxy,
      metricsToken: config.metricsToken,
      limits: config.limits,
      logger,
      renderer,
      consumers: { mailer, leaseMs: config.consumerLeaseMs },
    });
    opened.push(() => built.close());
    const url = await built.fastify.listen({ port: config.port, host: config.host });

    let closing: Promise<void> | undefined;
    const close = () => (closing ??= closeOpened(false));
    return { fastify: built.fastify, db, catalogue: built.catalogue, answerCache: built.answerCache, url, close };
  } catch (error) {
    await closeOpened(true);
    throw error;
  }
}
