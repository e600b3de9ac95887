import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../server/prepare-database.ts';
import { openPglite } from '../../db/pglite.ts';
import { connectPostgres } from '../../db/postgres.ts';
import { adminQuery, postgresMissingUnderCi, withDatabaseName } from './postgres-admin.ts';
import { startPostgresContainer } from './postgres-container.ts';

/**
 * Builds this run's template databases once, migrated and seeded (see databases.ts), and removes
 * them afterwards. Names are unique per run, so two test runs on one machine never collide.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // No TEST_DATABASE_URL: a PostgreSQL in a container when a Docker engine is reachable, else PGlite alone.
  const container = process.env.TEST_DATABASE_URL ? undefined : await startPostgresContainer();
  if (container) process.env.TEST_DATABASE_URL = container.url;
  const missing = postgresMissingUnderCi();
  if (missing) throw new Error(missing);
  console.log(
    process.env.TEST_DATABASE_URL
      ? `integration tests run on PGlite and PostgreSQL (${container ? `testcontainers, ${container.image}` : `TEST_DATABASE_URL ${new URL(process.env.TEST_DATABASE_URL).host}`})`
      : 'integration tests run on PGlite only (no TEST_DATABASE_URL and no Docker engine for testcontainers)',
  );
  const root = await mkdtemp(path.join(tmpdir(), 'dino-templates-'));
  const pgliteDir = path.join(root, 'pglite');
  const postgresDb = `dino_shop_tpl_${process.pid}_${Date.now().toString(36)}`;

  const pglite = await openPglite(pgliteDir, { durable: false });
  await prepareDatabase(pglite, () => {});
  await pglite.close();

  if (process.env.TEST_DATABASE_URL) {
    await adminQuery(`create database ${postgresDb}`);
    const db = connectPostgres(withDatabaseName(process.env.TEST_DATABASE_URL, postgresDb));
    await prepareDatabase(db, () => {});
    await db.close();
  }
  project.provide('testTemplates', { pgliteDir, postgresDb });

  return async () => {
    await rm(root, { recursive: true, force: true });
    if (process.env.TEST_DATABASE_URL)
      await adminQuery(`drop database if exists ${postgresDb} with (force)`).catch(() => {});
    await container?.stop();
  };
}
