import type { Database, Logger } from './database.ts';

export interface DatabaseTarget {
  /** postgres://... → a real server; unset → embedded PGlite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite only: fsync each commit (default true; see db/pglite.ts). */
  durable?: boolean;
}

export interface ConnectOptions {
  /** Told what start-up changed (file modes tightened); silent by default. */
  log?: (message: string) => void;
  /** Where failures the database survives are reported (an idle pool connection lost, say). */
  logger?: Logger;
}

/** Where in a data directory the embedded PGlite keeps PostgreSQL's files. */
export const pgliteDirOf = (dataDir: string) => `${dataDir}/pglite`;

/**
 * Opens the target's database. Each adapter is imported only when used: loading PGlite costs memory
 * that a process talking to PostgreSQL (say, an export held to a memory budget) should not pay.
 *
 * A PGlite directory has exactly one owner: this process takes the directory's lock first (a second
 * process fails at once with a DataDirLockedError naming the holder) and keeps it until close().
 */
export async function connectDatabase(target: DatabaseTarget, options: ConnectOptions = {}): Promise<Database> {
  if (target.databaseUrl) {
    const { connectPostgres } = await import('./postgres.ts');
    const db = connectPostgres(target.databaseUrl, options.logger ? { logger: options.logger } : {});
    try {
      // Fail fast with a clear message instead of on the first real query.
      await db.query('select 1');
    } catch (error) {
      await db.close().catch(() => {});
      throw error;
    }
    return db;
  }
  const [{ lockDataDir }, { secureDataDir }, { hasCluster, openPglite }] = await Promise.all([
    import('./data-dir-lock.ts'),
    import('./data-dir.ts'),
    import('./pglite.ts'),
  ]);
  // Files PGlite creates from now on are owner-only whatever umask the process was started with.
  process.umask(0o077);
  const lock = await lockDataDir(target.dataDir);
  try {
    const tightened = await secureDataDir(target.dataDir);
    if (tightened > 0)
      options.log?.(`tightened ${tightened} files and directories in ${target.dataDir} to owner-only (0700/0600)`);
    const fresh = !hasCluster(pgliteDirOf(target.dataDir));
    const db = await openPglite(pgliteDirOf(target.dataDir), { durable: target.durable ?? true });
    // A fresh directory is unpacked by PGlite with the modes of its template (0666): tighten those too.
    if (fresh) await secureDataDir(target.dataDir);
    return {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

export function describeTarget(target: DatabaseTarget): string {
  if (!target.databaseUrl)
    return `PGlite at ${pgliteDirOf(target.dataDir)}${target.durable === false ? ' (PGLITE_SYNC=off: commits not fsynced)' : ''}`;
  const url = new URL(target.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
