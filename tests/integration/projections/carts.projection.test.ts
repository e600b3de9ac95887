import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartsProjection } from '../../../projections/carts/carts.projection.ts';
import { projectEvents } from '../../../eventstore/projection.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { projectionSpec, splits, streamOf } from '../../support/projection-spec.ts';

const CART = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';
const line = (n: number) => `00000000-0000-4000-8000-1000000000${String(n).padStart(2, '0')}`;
const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

const added = (n: number, quantity: number, minute: number) => ({
  type: 'ItemAdded',
  data: { schemaVersion: 1, lineId: line(n), productId: 10 + n, variantId: 100 + n, quantity, at: at(minute) },
});
const changed = (n: number, quantity: number, minute: number) => ({
  type: 'QuantityChanged',
  data: { schemaVersion: 1, lineId: line(n), quantity, at: at(minute) },
});
const removed = (n: number, minute: number) => ({
  type: 'ItemRemoved',
  data: { schemaVersion: 1, lineId: line(n), at: at(minute) },
});
const cleared = (minute: number) => ({ type: 'CartCleared', data: { schemaVersion: 1, at: at(minute) } });

const cartRow = (cartId: string, version: number, position: number, created: number, updated: number) => ({
  cart_id: cartId,
  version,
  position,
  created_at: at(created),
  updated_at: at(updated),
});
const lineRow = (cartId: string, n: number, quantity: number, minute: number, place = 1) => ({
  cart_id: cartId,
  place,
  line_id: line(n),
  product_id: 10 + n,
  variant_id: 100 + n,
  quantity,
  added_at: at(minute),
});

describe.each(BACKENDS)('carts projection on %s', (backend) => {
  let t: TestDatabase;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    await t.db.query("set timezone to 'UTC'");
    spec = projectionSpec(t.db, cartsProjection, {
      carts: `select cart_id, version, position::int, to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at from carts order by cart_id`,
      // The stored array in its own order: a line's place in it is the order the cart shows.
      lines: `select c.cart_id, l.ordinality::int as place, l.line->>'lineId' as line_id, (l.line->>'productId')::int as product_id,
                     (l.line->>'variantId')::int as variant_id, (l.line->>'quantity')::int as quantity, l.line->>'addedAt' as added_at
              from carts c cross join jsonb_array_elements(c.lines) with ordinality as l(line, ordinality) order by c.cart_id, place`,
    });
  });
  afterAll(() => t?.drop());

  // Rows compare as ISO strings in UTC.
  const iso = (rows: Record<string, unknown[]>) =>
    JSON.parse(JSON.stringify(rows).replace(/"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.\d+)?\+00:00"/g, '"$1.000Z"'));

  const scenarios: Array<{
    name: string;
    events: ReturnType<typeof streamOf>;
    rows: { carts: unknown[]; lines: unknown[] };
  }> = [
    {
      name: 'adds make lines; the cart keeps its first and last event',
      events: streamOf(`cart-${CART}`, [added(1, 2, 1), added(2, 1, 2)]),
      rows: { carts: [cartRow(CART, 2, 2, 1, 2)], lines: [lineRow(CART, 1, 2, 1), lineRow(CART, 2, 1, 2, 2)] },
    },
    {
      name: 'adds to a stored cart follow its lines',
      events: streamOf(`cart-${CART}`, [added(1, 1, 1), added(2, 2, 2), added(3, 3, 3)]),
      rows: {
        carts: [cartRow(CART, 3, 3, 1, 3)],
        lines: [lineRow(CART, 1, 1, 1), lineRow(CART, 2, 2, 2, 2), lineRow(CART, 3, 3, 3, 3)],
      },
    },
    {
      name: 'lines keep the order they were added in, whatever their ids',
      events: streamOf(`cart-${CART}`, [added(3, 1, 1), added(1, 2, 2), changed(3, 4, 3), added(2, 1, 4)]),
      rows: {
        carts: [cartRow(CART, 4, 4, 1, 4)],
        lines: [lineRow(CART, 3, 4, 1), lineRow(CART, 1, 2, 2, 2), lineRow(CART, 2, 1, 4, 3)],
      },
    },
    {
      name: 'the last quantity change wins',
      events: streamOf(`cart-${CART}`, [added(1, 2, 1), changed(1, 5, 2), changed(1, 3, 3)]),
      rows: { carts: [cartRow(CART, 3, 3, 1, 3)], lines: [lineRow(CART, 1, 3, 1)] },
    },
    {
      name: 'a removed line is gone, the others stay',
      events: streamOf(`cart-${CART}`, [added(1, 1, 1), added(2, 4, 2), removed(1, 3), changed(2, 6, 4)]),
      rows: { carts: [cartRow(CART, 4, 4, 1, 4)], lines: [lineRow(CART, 2, 6, 2)] },
    },
    {
      name: 'a clear empties the cart; lines added after it stay',
      events: streamOf(`cart-${CART}`, [
        added(1, 1, 1),
        changed(1, 2, 2),
        added(2, 1, 3),
        cleared(4),
        added(3, 7, 5),
        cleared(6),
        added(4, 1, 7),
        changed(4, 9, 8),
      ]),
      rows: { carts: [cartRow(CART, 8, 8, 1, 8)], lines: [lineRow(CART, 4, 9, 7)] },
    },
  ];

  for (const scenario of scenarios) {
    it(`${scenario.name}, however the events are grouped into statements`, async () => {
      for (const sets of splits(scenario.events)) expect(iso(await spec.given(...sets))).toEqual(scenario.rows);
    });
  }

  it('carts are independent, and events applied twice change nothing', async () => {
    const mine = streamOf(`cart-${CART}`, [added(1, 1, 1), added(2, 2, 2), removed(2, 4)]);
    const theirs = streamOf(`cart-${OTHER}`, [added(3, 1, 3), cleared(5)], { version: 1, position: 10 });
    const expected = {
      carts: [cartRow(CART, 3, 3, 1, 4), cartRow(OTHER, 2, 11, 3, 5)],
      lines: [lineRow(CART, 1, 1, 1)],
    };
    expect(iso(await spec.given([...theirs, ...mine]))).toEqual(expected);
    await projectEvents(t.db, [cartsProjection], [...mine, ...theirs]);
    await projectEvents(t.db, [cartsProjection], mine.slice(1));
    expect(iso(await spec.rows())).toEqual(expected);
  });

  it('adds applied again, alone or among new ones, are not added twice', async () => {
    const adds = streamOf(`cart-${CART}`, [added(1, 1, 1), added(2, 2, 2), added(3, 3, 3)]);
    await spec.given(adds.slice(0, 2));
    for (const shortcuts of [true, false]) {
      await projectEvents(t.db, [cartsProjection], adds.slice(0, 2), { shortcuts });
      await projectEvents(t.db, [cartsProjection], adds, { shortcuts });
      await projectEvents(t.db, [cartsProjection], adds.slice(1), { shortcuts });
      expect(iso(await spec.rows())).toEqual({
        carts: [cartRow(CART, 3, 3, 1, 3)],
        lines: [lineRow(CART, 1, 1, 1), lineRow(CART, 2, 2, 2, 2), lineRow(CART, 3, 3, 3, 3)],
      });
    }
  });

  it('ignores events of other types', async () => {
    const rows = await spec.given([
      {
        streamId: 'subscriber-a@b.co',
        version: 1,
        position: 1,
        type: 'Subscribed',
        data: { schemaVersion: 1, email: 'a@b.co', at: at(1) },
      },
    ]);
    expect(rows).toEqual({ carts: [], lines: [] });
  });
});
