import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openPglite } from '../../db/pglite.ts';
import { connectPostgres } from '../../db/postgres.ts';
import { adminQuery, withDatabaseName } from './postgres-admin.ts';

/**
 * Every integration test runs against each backend the machine has: PGlite always, and PostgreSQL
 * when TEST_DATABASE_URL is set (CI sets it). Each test database starts as a copy of a template that
 * global-setup.ts migrated and seeded once, so a fresh database costs a file copy or a
 * CREATE DATABASE ... TEMPLATE, not a migration.
 */
export type Backend = 'pglite' | 'postgres';

export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

declare module 'vitest' {
  interface ProvidedContext {
    /** Set by global-setup.ts: this run's templates (unique per run, so parallel runs don't collide). */
    testTemplates: { pgliteDir: string; postgresDb: string };
  }
}

export interface TestDatabase {
  db: Database;
  backend: Backend;
  /** For the CLI: how to reach this same database from another process. */
  target: { databaseUrl?: string; dataDir: string };
  drop(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database of the given backend; with `empty`, one on which nothing
 * was run yet (a migration's test applies the migrations itself).
 */
export async function createTestDatabase(backend: Backend, options: { empty?: boolean } = {}): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dino-test-'));
    if (!options.empty) await cp(inject('testTemplates').pgliteDir, path.join(dataDir, 'pglite'), { recursive: true });
    const db = await openPglite(path.join(dataDir, 'pglite'), { durable: false });
    return {
      db,
      backend,
      target: { dataDir },
      async drop() {
        await db.close().catch(() => {});
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `dino_shop_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`create database ${name}${options.empty ? '' : ` template ${inject('testTemplates').postgresDb}`}`);
  const databaseUrl = withDatabaseName(process.env.TEST_DATABASE_URL!, name);
  const db = connectPostgres(databaseUrl);
  return {
    db,
    backend,
    target: { databaseUrl, dataDir: path.join(tmpdir(), 'dino-unused') },
    async drop() {
      await db.close().catch(() => {});
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
