import { describe, expect, it } from 'vitest';
import { orderCancelled } from '../../../consumers/order-mails.consumer.ts';
import { orderConfirmation } from '../../../consumers/order-confirmation.consumer.ts';
import { checkout, variantWithStock } from '../../support/orders.ts';
import { BACKENDS } from '../../support/databases.ts';
import { consumersStarted, startMailConsumers } from '../../support/recording-consumer.ts';
import { type SmtpInbox, withInbox } from '../../support/smtp-inbox.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';
import { until } from '../../support/until.ts';
import { cli } from './cli-support.ts';

interface TracedJson {
  correlations: string[];
  events: Array<{
    position: number;
    streamId: string;
    type: string;
    correlationId: string;
    actor: string | null;
    consumers: Array<{
      consumer: string;
      outcome: string;
      attempts?: number;
      error?: string;
      mails: Array<{ messageId: string; state: string; attempts: number }>;
    }>;
  }>;
}

describe.each(BACKENDS)('dino-shop events trace on %s', (backend) => {
  let app: TestApp;
  let inbox: SmtpInbox;
  withInbox(
    () => createTestApp(backend),
    (opened, started) => ([app, inbox] = [opened, started]),
  );

  const place = async (requestId: string, email: string) => {
    const { product, variant } = variantWithStock(20);
    const me = shopper(app);
    expect(
      (
        await me.request({
          method: 'POST',
          url: '/api/cart',
          headers: { 'x-request-id': `${requestId}-add` },
          payload: { productId: product.id, variantId: variant.id, quantity: 1 },
        })
      ).statusCode,
    ).toBe(201);
    const placed = await me.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-request-id': requestId },
      payload: checkout({ email }),
    });
    expect(placed.statusCode).toBe(201);
    return placed.json().number as string;
  };
  const traced = async (what: string) => {
    const run = await cli(app, ['events', 'trace', what, '--json']);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as TracedJson;
  };

  it('given a checkout whose confirmation was mailed, when its request is traced, then it shows both streams, the consumer and the mail, never the address', async () => {
    const running = startMailConsumers(app.db, [orderConfirmation], inbox);
    try {
      await consumersStarted(app.db, [orderConfirmation.name]);
      const number = await place('req-trace-1', 'Trice@Example.com');
      await until(() => inbox.messages.length === 1, 10_000);
      await until(
        async () =>
          (await traced('req-trace-1')).events.find((e) => e.type === 'OrderPlaced')!.consumers[0]!.outcome ===
          'handled',
        10_000,
      );

      // When the request is traced
      const trace = await traced('req-trace-1');
      // Then it is the checkout's two events, the confirmation consumer's handling and its one mail
      expect(trace.correlations).toEqual(['req-trace-1']);
      expect(trace.events.map((e) => [e.streamId.split('-')[0], e.type])).toEqual([
        ['order', 'OrderPlaced'],
        ['cart', 'CartCheckedOut'],
      ]);
      const placed = trace.events[0]!;
      expect(placed.actor).toMatch(/^shopper:[\w-]{16}$/);
      expect(placed.consumers).toEqual([
        {
          consumer: 'order-confirmation',
          outcome: 'handled',
          mails: [
            {
              messageId: inbox.messages[0]!.messageId,
              state: 'sent',
              attempts: 1,
              startedAt: expect.any(String),
              sentAt: expect.any(String),
            },
          ],
        },
      ]);

      // And the text says so in lines a person reads
      const text = await cli(app, ['events', 'trace', 'req-trace-1']);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/^Trace of req-trace-1: 2 events in 2 streams, 1 correlation, 1 mail, from \S+Z\n/);
      expect(text.stdout).toContain('\nCorrelation req-trace-1\n');
      expect(text.stdout).toMatch(
        new RegExp(
          `\\n {2}\\+\\d+ ms +#${placed.position} +order-[0-9a-f-]{36} +v1 +OrderPlaced +shopper:[\\w-]{16}\\n`,
        ),
      );
      expect(text.stdout).toContain(`\n      order-confirmation: handled; mail ${inbox.messages[0]!.messageId} sent +`);
      for (const output of [text.stdout, JSON.stringify(trace)])
        expect(output.toLowerCase()).not.toContain('trice@example.com');

      // And the order number finds the same, with what the operator did to the order since
      expect(
        (await cli(app, ['orders', 'ship', number, '--carrier', 'Pterodactyl Express', '--tracking', 'PTX-1'])).code,
      ).toBe(0);
      const byNumber = await traced(number);
      expect(byNumber.correlations).toEqual(['req-trace-1', expect.stringMatching(/^cli:[0-9a-f-]{36}$/)]);
      expect(byNumber.events.map((e) => e.type)).toEqual(['OrderPlaced', 'CartCheckedOut', 'OrderShipped']);
      // The shipped mail's consumer is not running here: the event waits for it.
      expect(byNumber.events[2]!.consumers).toEqual([{ consumer: 'order-shipped', outcome: 'waiting', mails: [] }]);
      // A position finds its event's correlation.
      expect((await traced(String(placed.position))).events.map((e) => e.type)).toEqual([
        'OrderPlaced',
        'CartCheckedOut',
      ]);
    } finally {
      await running.stop();
    }
  });

  it('given a cancel whose mail the server refused until the consumer parked it, when the order is traced, then the dead letter and its tries show', async () => {
    const running = startMailConsumers(app.db, [orderCancelled], inbox, {
      pollMs: 10,
      maxAttempts: 2,
      backoff: { baseMs: 10, maxMs: 20 },
    });
    try {
      await consumersStarted(app.db, [orderCancelled.name]);
      const number = await place('req-trace-2', 'steggy@example.com');
      inbox.refusing = true;
      expect((await cli(app, ['orders', 'cancel', number, '--reason', 'Out of stock at the warehouse'])).code).toBe(0);
      await until(() => running.stats()[0]!.parked === 1, 10_000);

      const cancelled = (await traced(number)).events.find((e) => e.type === 'OrderCancelled')!;
      expect(cancelled.consumers).toEqual([
        {
          consumer: 'order-cancelled',
          outcome: 'parked',
          attempts: 2,
          error: expect.stringMatching(/451/),
          mails: [
            {
              messageId: expect.stringMatching(/^<order-cancelled\.\d+@/),
              state: 'sending',
              attempts: 2,
              startedAt: expect.any(String),
              sentAt: null,
            },
          ],
        },
        // Its units went back to stock: the back-in-stock consumer (not running here) has it still to do.
        { consumer: 'back-in-stock', outcome: 'waiting', mails: [] },
      ]);
      const text = (await cli(app, ['events', 'trace', number])).stdout;
      expect(text).toMatch(
        /\n {6}order-cancelled: parked after 2 tries: .*451.*; mail <order-cancelled\.\d+@\S+> in flight, not accepted yet \(2 tries\)\n/,
      );
    } finally {
      inbox.refusing = false;
      await running.stop();
    }
  });

  it('given what matches nothing, when it is traced, then it exits 1 in one line; an unknown order number names it', async () => {
    expect(await cli(app, ['events', 'trace', 'req-never-sent'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'dino-shop: nothing in the log matches "req-never-sent" (a request or correlation id, an order number, a cart id, a stream id or a log position)\n',
    });
    expect(await cli(app, ['events', 'trace', 'DINO-000000'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: no order #DINO-000000\n',
    });
    expect((await cli(app, ['events', 'trace', '999999999'])).code).toBe(1);
  });
});
