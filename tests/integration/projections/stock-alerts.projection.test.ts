import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockAlertStreamId } from '../../../domain/stock-alerts/stock-alert.events.ts';
import { projectEvents } from '../../../eventstore/projection.ts';
import { stockAlertsProjection } from '../../../projections/stock-alerts/stock-alerts.projection.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { projectionSpec, splits } from '../../support/projection-spec.ts';

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const productOf = (variantId: number) => Math.floor(variantId / 100);
/** The address as sealed for event `position` (a later request seals it anew). */
const cipher = (subscriberId: string, position: number) => `a1.sealed-${subscriberId}-${position}`;

const requested = (subscriberId: string, variantId: number, version: number, position: number) => ({
  streamId: stockAlertStreamId(subscriberId, variantId),
  version,
  position,
  type: 'StockAlertRequested',
  data: {
    schemaVersion: 1,
    subscriberId,
    emailCipher: cipher(subscriberId, position),
    productId: productOf(variantId),
    variantId,
    at: at(position),
  },
});
const fulfilled = (
  subscriberId: string,
  variantId: number,
  version: number,
  position: number,
  receiptPosition = position - 1,
) => ({
  streamId: stockAlertStreamId(subscriberId, variantId),
  version,
  position,
  type: 'StockAlertFulfilled',
  data: { schemaVersion: 1, variantId, receiptPosition, at: at(position) },
});

/** A stock_alerts row; `sealedAt` is the position of the request whose address it holds. */
const row = (
  subscriberId: string,
  variantId: number,
  waiting: boolean,
  version: number,
  position: number,
  sealedAt: number,
) => ({
  stream_id: stockAlertStreamId(subscriberId, variantId),
  variant_id: variantId,
  subscriber_id: subscriberId,
  email_cipher: cipher(subscriberId, sealedAt),
  waiting,
  version,
  position,
});

describe.each(BACKENDS)('stock alerts projection on %s', (backend) => {
  let t: TestDatabase;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    spec = projectionSpec(t.db, stockAlertsProjection, {
      stock_alerts:
        'select stream_id, variant_id, subscriber_id, email_cipher, waiting, version, position::int from stock_alerts order by stream_id',
    });
  });
  afterAll(() => t?.drop());

  it('a request waits, holding the sealed address; one row per address and variant — however the events are grouped', async () => {
    const events = [requested('rex', 101, 1, 2), requested('ptera', 101, 1, 5), requested('rex', 204, 1, 7)];
    for (const sets of splits(events)) {
      expect(await spec.given(...sets)).toEqual({
        stock_alerts: [
          row('ptera', 101, true, 1, 5, 5),
          row('rex', 101, true, 1, 2, 2),
          row('rex', 204, true, 1, 7, 7),
        ],
      });
    }
  });

  const fulfilment = [requested('rex', 101, 1, 2), requested('ptera', 101, 1, 3), fulfilled('rex', 101, 2, 9)];
  const fulfilledRows = { stock_alerts: [row('ptera', 101, true, 1, 3, 3), row('rex', 101, false, 2, 9, 2)] };

  it('a fulfilment leaves the row no longer waiting and keeps the address it was owed to — in every grouping that applies it after its request', async () => {
    // As appends apply them: the request in one set, its fulfilment in a later one.
    const apart = splits(fulfilment).filter((sets) =>
      sets.every((set) => !(set.includes(fulfilment[0]!) && set.includes(fulfilment[2]!))),
    );
    expect(apart.length).toBe(splits(fulfilment).length - 1);
    for (const sets of apart) expect(await spec.given(...sets)).toEqual(fulfilledRows);
  });

  // A replay applies the whole log in one set: the fulfilment carries no address, the request before it does.
  it('a request and its fulfilment in one set (a replay) keep the address too', async () => {
    expect(await spec.given(fulfilment)).toEqual(fulfilledRows);
  });

  it('a request after a fulfilment waits anew, with the address sealed for it — however the events are grouped', async () => {
    const events = [requested('rex', 101, 1, 2), fulfilled('rex', 101, 2, 5), requested('rex', 101, 3, 8)];
    for (const sets of splits(events)) {
      expect(await spec.given(...sets)).toEqual({ stock_alerts: [row('rex', 101, true, 3, 8, 8)] });
    }
  });

  it('events applied again (a retry, a replay) change nothing: a fulfilled row does not wait again', async () => {
    const request = requested('rex', 101, 1, 2);
    const fulfilment = fulfilled('rex', 101, 2, 5);
    const other = requested('ptera', 204, 1, 6);
    const expected = { stock_alerts: [row('rex', 101, false, 2, 5, 2), row('ptera', 204, true, 1, 6, 6)] };
    expect(await spec.given([request], [fulfilment, other])).toEqual(expected);
    await projectEvents(t.db, [stockAlertsProjection], [request]);
    await projectEvents(t.db, [stockAlertsProjection], [other, request]);
    await projectEvents(t.db, [stockAlertsProjection], [fulfilment, request, other]);
    await projectEvents(t.db, [stockAlertsProjection], [fulfilment]);
    expect(await spec.rows()).toEqual(expected);
    // Applied again among a new one: only the new one counts.
    const again = requested('rex', 101, 3, 10);
    await projectEvents(t.db, [stockAlertsProjection], [request, fulfilment, again, other]);
    await projectEvents(t.db, [stockAlertsProjection], [fulfilment]);
    expect(await spec.rows()).toEqual({
      stock_alerts: [row('rex', 101, true, 3, 10, 10), row('ptera', 204, true, 1, 6, 6)],
    });
  });

  it('ignores events of other types', async () => {
    const receipt = {
      streamId: 'stock-101',
      version: 1,
      position: 1,
      type: 'StockReceived',
      data: { schemaVersion: 1, variantId: 101, quantity: 5, at: at(1) },
    };
    const subscribed = {
      streamId: 'subscriber-rex',
      version: 1,
      position: 2,
      type: 'Subscribed',
      data: { schemaVersion: 2, subscriberId: 'rex', emailCipher: cipher('rex', 2), at: at(2) },
    };
    expect(await spec.given([receipt, subscribed])).toEqual({ stock_alerts: [] });
  });
});
