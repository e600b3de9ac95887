import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { connectPostgres } from './postgres.ts';

export interface DatabaseTarget {
  /** postgres://... → a real server; unset → embedded PGlite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

export async function connectDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.databaseUrl) {
    const db = connectPostgres(target.databaseUrl);
    // Fail fast with a clear message instead of on the first request.
    await db.query('select 1');
    return db;
  }
  return openPglite(`${target.dataDir}/pglite`);
}

export function describeTarget(target: DatabaseTarget): string {
  if (!target.databaseUrl) return `PGlite at ${target.dataDir}/pglite`;
  const url = new URL(target.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
