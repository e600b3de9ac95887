import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadiness } from '../../../api/health/readiness.ts';
import { forgetSubscriber } from '../../../app/subscriptions/subscription.service.ts';
import { projections } from '../../../projections/registry.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

describe.each(BACKENDS)('health endpoints on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  const ready = async () => {
    const response = await app.inject({ method: 'GET', url: '/health/ready' });
    return { status: response.statusCode, body: response.json(), cache: response.headers['cache-control'] };
  };

  it('GET /health/live answers while the process runs', async () => {
    const response = await app.inject({ method: 'GET', url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'live', uptimeSeconds: expect.any(Number) });
  });

  it('GET /health/ready reports database, migrations, catalogue and each projection: 200 when all are current', async () => {
    const { status, body, cache } = await ready();
    expect(status).toBe(200);
    expect(cache).toBe('no-store');
    expect(body).toMatchObject({
      status: 'ready',
      problems: [],
      database: { reachable: true },
      migrations: { pending: [] },
      catalogue: { loaded: true, version: expect.any(Number) },
      shuttingDown: false,
    });
    expect(body.catalogue.version).toBeGreaterThan(0);
    expect(body.projections.map((p: { name: string }) => p.name).sort()).toEqual([
      'cart_removals',
      'carts',
      'orders',
      'refunds',
      'stock',
      'stock_alerts',
      'subscribers',
    ]);
    for (const projection of body.projections)
      expect(projection).toMatchObject({ current: true, lag: 0, storedVersion: projection.codeVersion });
  });

  it('503 naming the projection when one was built by another version, and again 200 once it is current', async () => {
    await app.db.query("update projection_state set version = version + 100 where name = 'subscribers'");
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.status).toBe('not ready');
      expect(body.problems).toEqual([
        expect.stringMatching(/^projection subscribers is not current \(version \d+ of \d+, 0 events behind\)$/),
      ]);
      expect(body.projections.find((p: { name: string }) => p.name === 'subscribers').current).toBe(false);
    } finally {
      await app.db.query("update projection_state set version = version - 100 where name = 'subscribers'");
    }
    expect((await ready()).status).toBe(200);
  });

  it('stays 200 after the newest subscriber is forgotten: the read model reflects the forget', async () => {
    for (const email of ['first@example.com', 'newest@example.com']) {
      const answer = await app.inject({ method: 'POST', url: '/api/subscribe', payload: { email } });
      expect(answer.statusCode).toBe(201);
    }
    expect(await forgetSubscriber(app.shop.store, 'newest@example.com')).toMatchObject({ forgotten: true });
    const { status, body } = await ready();
    expect(body.problems).toEqual([]);
    expect(status).toBe(200);
    expect(body.projections.find((p: { name: string }) => p.name === 'subscribers')).toMatchObject({
      current: true,
      lag: 0,
    });
  });

  it('503 while a migration the code ships is not applied', async () => {
    const { rows } = await app.db.query<{ id: string; applied_at: Date }>(
      'select id, applied_at from schema_migrations order by id desc limit 1',
    );
    const last = rows[0]!;
    await app.db.query('delete from schema_migrations where id = $1', [last.id]);
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.migrations.pending).toEqual([last.id]);
      expect(body.problems).toEqual([`migrations not applied: ${last.id}`]);
    } finally {
      await app.db.query('insert into schema_migrations (id, applied_at) values ($1, $2)', [last.id, last.applied_at]);
    }
  });

  it('503 while shutting down, so a load balancer drains the instance', async () => {
    app.state.shuttingDown = true;
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: 'not ready', shuttingDown: true, problems: ['shutting down'] });
    } finally {
      app.state.shuttingDown = false;
    }
  });

  it('503 when the checks outlive 3 s (a database stuck behind a lock), and 200 once it is free', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = app.db.transaction(async (tx) => {
      await tx.query('lock table schema_migrations in access exclusive mode');
      locked();
      await held;
    });
    try {
      await lockTaken;
      const started = Date.now();
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body).toEqual({ status: 'not ready', problems: ['the readiness checks took over 3000 ms'] });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      release();
      await holder;
    }
    expect((await ready()).status).toBe(200);
  }, 20_000);

  it('503 naming the catalogue when it is not loaded', async () => {
    const unloaded = Object.create(app.catalogue, { version: { value: 0 } }) as typeof app.catalogue;
    const readiness = await checkReadiness({ db: app.db, catalogue: unloaded, projections, shuttingDown: () => false });
    expect(readiness).toMatchObject({
      ready: false,
      catalogue: { loaded: false, version: 0 },
      problems: ['the catalogue is not loaded'],
    });
  });

  it('another method is a JSON 4xx', async () => {
    const response = await app.inject({ method: 'POST', url: '/health/ready', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not Found', message: expect.any(String) });
  });
});

// PGlite runs in the process: it cannot be out of reach while the process lives.
describe.skipIf(!BACKENDS.includes('postgres'))('readiness without its PostgreSQL server', () => {
  it('503 saying the database is unreachable, with its error, while the process stays live', async () => {
    const app = await createTestApp('postgres');
    try {
      await app.db.close();
      const response = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not ready',
        problems: ['the database is unreachable'],
        database: { reachable: false, error: expect.any(String) },
      });
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
