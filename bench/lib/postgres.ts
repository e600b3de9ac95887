import pg from 'pg';
import type { BenchRun } from './bench-run.ts';

/** PostgreSQL for the bench: throwaway databases on this machine's server. */
export const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresAdmin(run: BenchRun, skipPostgres: boolean): Promise<string | undefined> {
  if (skipPostgres) return undefined;
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_PG;
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
    throw new Error(`BENCH_DATABASE_URL must point at this machine, not ${host}`);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch (error) {
    if (process.env.BENCH_DATABASE_URL) throw new Error(`cannot reach BENCH_DATABASE_URL: ${(error as Error).message}`);
    run.log(`no PostgreSQL at ${DEFAULT_PG} (${(error as Error).message}): PGlite only`);
    return undefined;
  }
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
