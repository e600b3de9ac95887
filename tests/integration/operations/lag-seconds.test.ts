import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { checkReadiness } from '../../../api/health/readiness.ts';
import { shopEventStore } from '../../../app/shop.ts';
import { openCatalogueCache } from '../../../projections/catalogue/catalogue.cache.ts';
import { createSubscriptionService } from '../../../app/subscriptions/subscription.service.ts';
import { consumerStatuses } from '../../../consumers/consumer-status.ts';
import { welcomeMail } from '../../../consumers/welcome-mail.consumer.ts';
import { createCheckpoint } from '../../../eventstore/consumer-checkpoints.ts';
import { LOG_START } from '../../../eventstore/log-tail.ts';
import { appendToStream } from '../../../eventstore/streams.ts';
import { projections } from '../../../projections/registry.ts';
import { projectionStatuses } from '../../../projections/status.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';

const secondsAfter = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

describe.each(BACKENDS)('lag in seconds on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
  });
  afterAll(() => t?.drop());

  const recordedAt = async (type: string) => {
    const { rows } = await t.db.query<{ at: Date | string }>(
      'select min(created_at) as at from events where type = $1',
      [type],
    );
    return new Date(rows[0]!.at);
  };

  it('a consumer behind the log: the events it still has to handle, and how long the oldest has waited at the clock given', async () => {
    // Given welcome-mail standing at the start of the log, and two subscriptions after it
    await createCheckpoint(t.db, welcomeMail.name, LOG_START);
    const service = createSubscriptionService({ store: shopEventStore(t.db) });
    await service.subscribe({ email: 'rex@example.com' });
    await service.subscribe({ email: 'stego@example.com' });
    const first = await recordedAt('Subscribed');

    // When its status is read 90 seconds after the first was recorded
    const [status] = await consumerStatuses(t.db, [welcomeMail], secondsAfter(first, 90));

    // Then it is two events and 90 seconds behind
    expect(status).toMatchObject({ name: 'welcome-mail', lag: 2, lagSeconds: 90 });

    // And readiness stays ready, warning only once the oldest has waited more than ten minutes
    const catalogue = await openCatalogueCache(t.db);
    onTestFinished(() => catalogue.close());
    const readAt = (seconds: number) =>
      checkReadiness({
        db: t.db,
        catalogue,
        projections,
        consumers: [welcomeMail],
        shuttingDown: () => false,
        now: () => secondsAfter(first, seconds),
      });
    expect(await readAt(600)).toMatchObject({
      ready: true,
      warnings: [],
      consumers: [{ name: 'welcome-mail', lag: 2, lagSeconds: 600, farBehind: false }],
    });
    expect(await readAt(601)).toMatchObject({
      ready: true,
      warnings: ['consumer welcome-mail is far behind: 2 events to handle, the oldest waiting 601 s'],
      consumers: [{ lagSeconds: 601, farBehind: true }],
    });
  });

  it('a projection behind the log: 0 seconds while current, then how long its oldest missing event has waited', async () => {
    // Given every projection current
    const now = new Date();
    for (const status of await projectionStatuses(t.db, projections, now))
      expect(status, status.name).toMatchObject({ lag: 0, lagSeconds: 0 });

    // When a cart event is appended without the projections' steps (as a write from an older instance would be)
    await appendToStream(t.db, 'cart-lagging', 0, [{ type: 'CartCleared', data: {} }]);
    const missing = await recordedAt('CartCleared');

    // Then the carts projection is one event behind, for as long as that event has waited
    const statuses = await projectionStatuses(t.db, projections, secondsAfter(missing, 42.5));
    expect(statuses.find((s) => s.name === 'carts')).toMatchObject({ lag: 1, lagSeconds: 42.5 });
    expect(statuses.find((s) => s.name === 'subscribers')).toMatchObject({ lag: 0, lagSeconds: 0 });
  });
});
