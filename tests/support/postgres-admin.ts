import pg from 'pg';

/** Runs one statement on TEST_DATABASE_URL's server (create or drop a test database). No vitest here: Playwright uses it too. */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Whether the tests run under CI: CI set to anything but `false` or `0`. */
export const underCi = (env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env.CI) && !['false', '0'].includes(env.CI!.toLowerCase());

/**
 * Why the PostgreSQL-only tests cannot run where they must, or undefined. Outside CI they are skipped
 * without a server; under CI a skip would let a run pass that never checked them, so the run fails.
 */
export function postgresMissingUnderCi(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.TEST_DATABASE_URL || !underCi(env)) return undefined;
  return 'CI is set but no PostgreSQL was found (set TEST_DATABASE_URL, or make a Docker engine reachable): the PostgreSQL-only tests must run under CI';
}
