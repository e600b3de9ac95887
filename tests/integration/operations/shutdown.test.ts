import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/config.ts';
import { type RunningServer, startServer } from '../../../server/server.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { adminQuery, withDatabaseName } from '../../support/postgres-admin.ts';

const item = seed.products.flatMap((p) =>
  p.variants.filter((v) => v.stock >= 5).map((v) => ({ productId: p.id, variantId: v.id, quantity: 1 })),
)[0]!;

/**
 * A graceful shutdown on PostgreSQL, where a test can hold a request in flight: a lock on the cart read
 * model keeps a POST /api/cart waiting while the server is asked to close.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('graceful shutdown (PostgreSQL)', () => {
  const name = `dino_shop_ops_shutdown_${process.pid}`;
  let databaseUrl: string;
  let server: RunningServer;

  beforeAll(async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
    await adminQuery(`create database ${name}`);
    databaseUrl = withDatabaseName(process.env.TEST_DATABASE_URL!, name);
    const secret = 'a-session-secret-for-the-shutdown-test';
    server = await startServer(
      {
        ...parseEnv({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
        sessionSecret: secret,
      },
      { storefront: false },
    );
  });
  afterAll(async () => {
    await server?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  it('finishes the request in flight, refuses new ones, then closes the database', async () => {
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table carts in access exclusive mode');
      const inFlight = fetch(`${server.url}/api/cart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(item),
      });
      // Let the append reach the lock and wait there.
      await expect
        .poll(
          async () =>
            (
              await blocker.query(
                "select count(*)::int as n from pg_locks where relation = 'carts'::regclass and not granted",
              )
            ).rows[0].n,
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
      let closed = false;
      const closing = server.close().then(() => (closed = true));
      const newcomer = await fetch(`${server.url}/health/live`, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.status,
        (error: Error) => (error.name === 'TimeoutError' ? 'hung' : 'refused'),
      );
      expect([503, 'refused']).toContain(newcomer);
      expect(closed).toBe(false);
      await blocker.query('commit');
      const response = await inFlight;
      expect(response.status).toBe(201);
      // Its keep-alive connection ends with it, or the shutdown would wait for the keep-alive timeout.
      expect(response.headers.get('connection')).toBe('close');
      expect((await response.json()).itemCount).toBe(1);
      const answeredAt = Date.now();
      await closing;
      expect(Date.now() - answeredAt).toBeLessThan(5_000);
      expect(closed).toBe(true);
      // The database pool is closed: no connection left open.
      expect(server.db.poolStats?.()).toMatchObject({ total: 0, idle: 0 });
    } finally {
      await blocker.end();
    }
  });
});
