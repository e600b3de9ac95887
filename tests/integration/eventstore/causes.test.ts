import { hostname, userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveStock } from '../../../app/stock/stock.service.ts';
import { backInStock } from '../../../consumers/back-in-stock.consumer.ts';
import { withCause } from '../../../eventstore/cause.ts';
import { headPosition, readAll } from '../../../eventstore/log-reads.ts';
import type { RecordedEvent } from '../../../eventstore/streams.ts';
import { BACKENDS } from '../../support/databases.ts';
import { checkout, variantWithStock } from '../../support/orders.ts';
import { consumersStarted, startMailConsumers } from '../../support/recording-consumer.ts';
import { type SmtpInbox, withInbox } from '../../support/smtp-inbox.ts';
import { type TestApp, shopper, createTestApp } from '../../support/test-app.ts';
import { until } from '../../support/until.ts';
import { cli } from '../cli/cli-support.ts';

async function since(app: TestApp, position: number): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const batch of readAll(app.db, { after: position })) events.push(...batch);
  return events;
}
const head = (app: TestApp) => headPosition(app.db);
const envelope = ({ metadata: { correlationId, causationId, actor } }: RecordedEvent) => ({
  correlationId,
  causationId,
  actor,
});

describe.each(BACKENDS)('every event says why it was written on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  it('given a shopper who adds to a cart and checks out, when the events are read, then each carries its request as cause and the shopper as a pseudonym', async () => {
    const { product, variant } = variantWithStock(20);
    const me = shopper(app);
    const from = await head(app);
    const add = await me.request({
      method: 'POST',
      url: '/api/cart',
      headers: { 'x-request-id': 'req-add-1' },
      payload: { productId: product.id, variantId: variant.id, quantity: 2 },
    });
    expect(add.statusCode).toBe(201);
    const placed = await me.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-request-id': 'req-checkout-1' },
      payload: checkout({ email: 'Rex@Example.com' }),
    });
    expect(placed.statusCode).toBe(201);

    const events = await since(app, from);
    const added = events.filter((e) => e.type === 'ItemAdded');
    const checkedOut = events.filter((e) => ['OrderPlaced', 'CartCheckedOut'].includes(e.type));
    expect(added).toHaveLength(1);
    expect(checkedOut).toHaveLength(2);
    const actor = added[0]!.metadata.actor as string;
    expect(actor).toMatch(/^shopper:[\w-]{16}$/);
    expect(added.map(envelope)).toEqual([{ correlationId: 'req-add-1', causationId: 'req-add-1', actor }]);
    // One shopper across both requests; the checkout's two streams share its request.
    expect(checkedOut.map(envelope)).toEqual(
      [1, 2].map(() => ({ correlationId: 'req-checkout-1', causationId: 'req-checkout-1', actor })),
    );
    // No trace in progress (no SDK started): no traceparent.
    expect(events.filter((e) => 'traceparent' in e.metadata)).toEqual([]);
    // Nothing personal in any metadata: no address, no cookie, no session id.
    const metadata = JSON.stringify(events.map((e) => e.metadata));
    expect(metadata).not.toMatch(/rex|@/i);
    expect(metadata).not.toContain(decodeURIComponent(me.cookie!.split('=')[1]!).split('.')[0]!);
  });

  it('given an operator who refunds with --actor, when the event is read, then it names the operator and the invocation as cause', async () => {
    const { product, variant } = variantWithStock(20);
    const me = shopper(app);
    await me.request({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: product.id, variantId: variant.id, quantity: 1 },
    });
    const { number } = (await me.request({ method: 'POST', url: '/api/orders', payload: checkout() })).json() as {
      number: string;
    };
    const from = await head(app);
    expect(
      (
        await cli(app, [
          '--actor',
          'ticket-4711',
          'orders',
          'refund',
          number,
          '--amount',
          '1.00',
          '--reason',
          'Late delivery',
        ])
      ).code,
    ).toBe(0);
    expect((await cli(app, ['orders', 'refund', number, '--amount', '1.00', '--reason', 'Late delivery'])).code).toBe(
      0,
    );
    const [byTicket, byLogin] = (await since(app, from)).filter((e) => e.type === 'RefundIssued');
    expect(envelope(byTicket!)).toEqual({
      correlationId: expect.stringMatching(/^cli:[0-9a-f-]{36}$/),
      causationId: byTicket!.metadata.correlationId,
      actor: 'cli:ticket-4711',
    });
    expect(byLogin!.metadata.actor).toBe(`cli:${userInfo().username}@${hostname()}`);
    expect(byLogin!.metadata.correlationId).not.toBe(byTicket!.metadata.correlationId);
  });

  it('given an --actor that is not a short name, when the command runs, then it is refused before anything is recorded', async () => {
    const run = await cli(app, ['--actor', 'rex@example.com', 'stock', 'receive', '101', '1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--actor.*no @/);
  });
});

describe.each(BACKENDS)('a consumer writes with the event it reacts to as cause on %s', (backend) => {
  let app: TestApp;
  let inbox: SmtpInbox;
  withInbox(
    () => createTestApp(backend),
    (opened, started) => ([app, inbox] = [opened, started]),
  );

  it('given a waiting alert and a receipt, when the back-in-stock consumer fulfils it, then its event carries the receipt as causation and the receipt correlation', async () => {
    const { product, variant } = variantWithStock(0);
    const running = startMailConsumers(app.db, [backInStock], inbox);
    try {
      await consumersStarted(app.db, [backInStock.name]);
      await app.shop.stockAlerts.request({ email: 'ptera@example.com', productId: product.id, variantId: variant.id });
      const from = await head(app);
      const cause = { correlationId: 'restock-run-9', causationId: 'restock-run-9', actor: 'cli:warehouse' };
      await withCause(cause, () => receiveStock(app.shop.store, variant.id, 3));
      await until(() => running.stats()[0]!.handled === 1, 10_000);
      const events = await since(app, from);
      const receipt = events.find((e) => e.type === 'StockReceived')!;
      expect(envelope(receipt)).toEqual(cause);
      const fulfilled = events.filter((e) => e.type === 'StockAlertFulfilled');
      expect(fulfilled.map(envelope)).toEqual([
        { correlationId: 'restock-run-9', causationId: `event:${receipt.position}`, actor: 'consumer:back-in-stock' },
      ]);
    } finally {
      await running.stop();
    }
  });
});
