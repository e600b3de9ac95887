import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { loadMigrations, migrate } from '../../../db/migrate.ts';
import { cartsProjection } from '../../../projections/carts/carts.projection.ts';
import { replayProjections } from '../../../projections/replay.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const line = (n: number) => `00000000-0000-4000-8000-10000000000${n}`;

describe.each(BACKENDS)('migrations on %s', (backend) => {
  let t: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    t = await createTestDatabase(backend, { empty: true });
    db = t.db;
  });
  afterAll(() => t?.drop());

  it("moving cart lines into the cart's row keeps every line, in order, as the projection would write it", async () => {
    const all = await loadMigrations();
    const before = all.filter((m) => m.id < '0010');
    await migrate(db, before);
    // A log and the two-table read model it had built: cart A holds two lines (the later-added one
    // has the smaller id), cart B was cleared.
    const events: Array<[string, number, string, object]> = [
      [
        A,
        1,
        'ItemAdded',
        { lineId: line(2), productId: 1, variantId: 11, quantity: 1, at: '2026-03-01T10:01:00.000Z' },
      ],
      [
        A,
        2,
        'ItemAdded',
        { lineId: line(1), productId: 2, variantId: 21, quantity: 2, at: '2026-03-01T10:02:00.123Z' },
      ],
      [A, 3, 'QuantityChanged', { lineId: line(2), quantity: 5, at: '2026-03-01T10:03:00.000Z' }],
      [
        B,
        1,
        'ItemAdded',
        { lineId: line(3), productId: 3, variantId: 31, quantity: 1, at: '2026-03-01T11:00:00.000Z' },
      ],
      [B, 2, 'CartCleared', { at: '2026-03-01T11:05:00.000Z' }],
    ];
    for (const [cart, version, type, data] of events) {
      await db.query('insert into events (stream_id, version, type, data) values ($1, $2, $3, $4)', [
        `cart-${cart}`,
        version,
        type,
        JSON.stringify({ schemaVersion: 1, ...data }),
      ]);
    }
    await db.query(`insert into carts (cart_id, version, position, created_at, updated_at) values
      ('${A}', 3, 3, '2026-03-01T10:01:00Z', '2026-03-01T10:03:00Z'), ('${B}', 2, 5, '2026-03-01T11:00:00Z', '2026-03-01T11:05:00Z')`);
    await db.query(`insert into cart_lines (line_id, cart_id, product_id, variant_id, quantity, added_at) values
      ('${line(2)}', '${A}', 1, 11, 5, '2026-03-01T10:01:00Z'), ('${line(1)}', '${A}', 2, 21, 2, '2026-03-01T10:02:00.123Z')`);
    await db.query(
      `insert into projection_state (name, version, position) values ('carts', ${cartsProjection.version}, 5)`,
    );

    expect(await migrate(db, all)).toEqual(all.filter((m) => m.id >= '0010').map((m) => m.id));
    const carts = async () =>
      (
        await db.query<{ cart_id: string; lines: unknown }>(
          'select cart_id, version, lines from carts order by cart_id',
        )
      ).rows;
    const migrated = await carts();
    expect(migrated).toEqual([
      {
        cart_id: A,
        version: 3,
        lines: [
          { lineId: line(2), productId: 1, variantId: 11, quantity: 5, addedAt: '2026-03-01T10:01:00.000Z' },
          { lineId: line(1), productId: 2, variantId: 21, quantity: 2, addedAt: '2026-03-01T10:02:00.123Z' },
        ],
      },
      { cart_id: B, version: 2, lines: [] },
    ]);
    expect((await db.query("select to_regclass('cart_lines') as t")).rows).toEqual([{ t: null }]);
    // What a replay of the log builds is what the migration left.
    await replayProjections(db, [cartsProjection]);
    expect(await carts()).toEqual(migrated);
  });

  it('a migration runs as the server parses it: strings, comments and function bodies of any quoting; a failure applies none of it', async () => {
    await migrate(db, await loadMigrations());
    const script = `
      /* a block comment; with a semicolon at its line's end;
      */
      create table migration_probe (note text);
      insert into migration_probe values ('ends a line;
      and goes on');
      create function migration_probe_says() returns text language sql as $body$ select 'one; two' $body$;
      insert into migration_probe select migration_probe_says();`;
    expect(await migrate(db, [{ id: '9001-probe', sql: script }])).toEqual(['9001-probe']);
    expect((await db.query<{ note: string }>('select note from migration_probe')).rows.map((r) => r.note)).toEqual([
      'ends a line;\n      and goes on',
      'one; two',
    ]);

    await expect(
      migrate(db, [
        { id: '9002-broken', sql: 'create table half_done (n int); select no_such_column from half_done;' },
      ]),
    ).rejects.toThrow(/no_such_column/);
    expect((await db.query("select to_regclass('half_done') as t")).rows).toEqual([{ t: null }]);
    expect((await db.query("select id from schema_migrations where id = '9002-broken'")).rows).toEqual([]);
  });
});
