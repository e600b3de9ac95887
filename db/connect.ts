import type { Database } from './database.ts';

export interface DatabaseTarget {
  /** postgres://... → a real server; unset → embedded PGlite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

/**
 * Opens the target's database. Each adapter is imported only when used: loading PGlite costs ~45 MB,
 * which a process talking to PostgreSQL (say, an export held to a memory budget) should not pay.
 */
export async function connectDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.databaseUrl) {
    const { connectPostgres } = await import('./postgres.ts');
    const db = connectPostgres(target.databaseUrl);
    try {
      // Fail fast with a clear message instead of on the first real query.
      await db.query('select 1');
    } catch (error) {
      await db.close().catch(() => {});
      throw error;
    }
    return db;
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(`${target.dataDir}/pglite`);
}

export function describeTarget(target: DatabaseTarget): string {
  if (!target.databaseUrl) return `PGlite at ${target.dataDir}/pglite`;
  const url = new URL(target.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
