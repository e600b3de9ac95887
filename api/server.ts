import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { connectDatabase, describeTarget } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { sweepSessions } from '../db/session-store.ts';
import { type CatalogueCache, openCatalogueCache } from '../projections/catalogue/catalogue.cache.ts';
import { catalogueVersion } from '../projections/catalogue/catalogue.queries.ts';
import { projections } from '../projections/registry.ts';
import { replayProjections, staleProjections } from '../projections/replay.ts';
import { catalogue as seedData } from '../seed/catalogue.data.ts';
import { seedCatalogue } from '../seed/seed-catalogue.ts';
import { app } from './app.ts';
import { createStorefront } from './storefront/storefront.ts';

export interface RunningServer {
  fastify: FastifyInstance;
  db: Database;
  catalogue: CatalogueCache;
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

export async function startServer(config: Config, options: { dev?: boolean; root?: string } = {}): Promise<RunningServer> {
  const fastify = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 16 * 1024,
  });
  const db = await connectDatabase(config);
  fastify.log.info(`database: ${describeTarget(config)}`);
  await prepareDatabase(db, (message) => fastify.log.info(message));
  const catalogue = await openCatalogueCache(db);
  const storefront = await createStorefront({ root: options.root ?? process.cwd(), dev: options.dev ?? false });
  catalogue.onChange((version) => {
    storefront.invalidate();
    fastify.log.info({ version }, 'catalogue changed: reloaded, page cache cleared');
  });
  await fastify.register(app, { db, catalogue, sessionSecret: config.sessionSecret, storefront });

  const sweeper = setInterval(() => void sweepSessions(db).catch((err) => fastify.log.warn({ err }, 'session sweep failed')), 60 * 60 * 1000);
  sweeper.unref();

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(sweeper);
      await fastify.close();
      await storefront.close();
      await catalogue.close();
      await db.close();
    })());

  const url = await fastify.listen({ port: config.port, host: config.host });
  return { fastify, db, catalogue, url, close };
}
