import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribersProjection } from '../../../projections/subscribers/subscribers.projection.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { projectionSpec, splits } from '../../support/projection-spec.ts';

const subscribed = (id: string, position: number, minute: number, version = 1) => ({
  streamId: `subscriber-${id}`,
  version,
  position,
  type: 'Subscribed',
  data: {
    schemaVersion: 2,
    subscriberId: id,
    emailCipher: `a1.sealed-${id}-${position}`,
    at: `2026-03-01T10:0${minute}:00.000Z`,
  },
});
const forgotten = (id: string, position: number, version: number) => ({
  streamId: `subscriber-${id}`,
  version,
  position,
  type: 'SubscriberForgotten',
  data: { schemaVersion: 1, subscriberId: id, at: '2026-03-01T11:00:00.000Z' },
});
const row = (id: string, position: number, minute: number) => ({
  subscriber_id: id,
  email_cipher: `a1.sealed-${id}-${position}`,
  subscribed_at: `2026-03-01T10:0${minute}:00+00:00`,
  position,
});

describe.each(BACKENDS)('subscribers projection on %s', (backend) => {
  let t: TestDatabase;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    await t.db.query("set timezone to 'UTC'");
    spec = projectionSpec(t.db, subscribersProjection, {
      subscribers: `select subscriber_id, email_cipher, to_json(subscribed_at) #>> '{}' as subscribed_at, position::int from subscribers order by subscriber_id`,
    });
  });
  afterAll(() => t?.drop());

  it('one row per subscriber, holding the sealed address; a forget empties it, keeping its position; a new subscription fills it — however the events are grouped', async () => {
    const events = [
      subscribed('rex', 3, 1),
      subscribed('ptera', 5, 2),
      forgotten('rex', 8, 2),
      forgotten('ptera', 9, 2),
      subscribed('rex', 12, 4, 3),
    ];
    const forgottenRow = { subscriber_id: 'ptera', email_cipher: null, subscribed_at: null, position: 9 };
    for (const sets of splits(events)) {
      expect(await spec.given(...sets)).toEqual({ subscribers: [forgottenRow, row('rex', 12, 4)] });
    }
  });

  it('ignores events of other types, and addresses not yet sealed (schema version 1)', async () => {
    const other = {
      streamId: 'cart-x',
      version: 1,
      position: 1,
      type: 'CartCleared',
      data: { schemaVersion: 1, at: '2026-03-01T10:00:00.000Z' },
    };
    const clear = {
      streamId: 'subscriber-a@b.co',
      version: 1,
      position: 2,
      type: 'Subscribed',
      data: { schemaVersion: 1, email: 'a@b.co', at: '2026-03-01T10:00:00.000Z' },
    };
    expect(await spec.given([other, clear])).toEqual({ subscribers: [] });
  });
});
