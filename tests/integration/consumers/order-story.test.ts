import { describe, expect, it } from 'vitest';
import { orderCancelled, orderRefunded, orderShipped } from '../../../consumers/order-mails.consumer.ts';
import { type TrackedOrder, trackedOrderOf } from '../../../contracts/order-tracking.ts';
import { BACKENDS } from '../../support/databases.ts';
import { placedOrder } from '../../support/orders.ts';
import { consumersStarted, startMailConsumers } from '../../support/recording-consumer.ts';
import { type SmtpInbox, textPartOf, withInbox } from '../../support/smtp-inbox.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { until } from '../../support/until.ts';
import { cli } from '../cli/cli-support.ts';

const ORDER_MAILS = [orderShipped, orderCancelled, orderRefunded];

/**
 * One order walked through every move by the operator's CLI. At each step Track Order (what the API
 * answers, as the page shows it), the mail of the move (received over SMTP) and `orders show` must
 * say the same: the status, the delivery estimate, and who, what and why of the move.
 */
describe.each(BACKENDS)('an order’s story, told alike by Track Order, its mails and the CLI, on %s', (backend) => {
  let app: TestApp;
  let inbox: SmtpInbox;
  withInbox(
    () => createTestApp(backend),
    (opened, started) => ([app, inbox] = [opened, started]),
  );

  const tracked = async (number: string, email: string): Promise<TrackedOrder> => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api/orders/${encodeURIComponent(number)}?email=${encodeURIComponent(email)}`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return trackedOrderOf(answer.json());
  };
  const operator = async (...args: string[]) => {
    const run = await cli(app, args);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return run.stdout;
  };
  /** The text of the one mail a consumer sent for this step. */
  const mailOf = async (prefix: string) => {
    await until(() => inbox.messages.some((m) => m.messageId.startsWith(`<${prefix}.`)), 10_000);
    const sent = inbox.messages.filter((m) => m.messageId.startsWith(`<${prefix}.`));
    expect(sent).toHaveLength(1);
    inbox.messages.length = 0;
    return textPartOf(sent[0]!.raw);
  };
  const statusLine = (show: string) => /^Status {4}(.+)$/m.exec(show)?.[1];
  const lastTimelineRow = (show: string) => show.trimEnd().split('\n').at(-1)!;

  it('placed, shipped without an estimate, delivered, returned, partly then fully refunded; another cancelled by the shop', async () => {
    const running = startMailConsumers(app.db, ORDER_MAILS, inbox);
    try {
      await consumersStarted(
        app.db,
        ORDER_MAILS.map((c) => c.name),
      );
      inbox.messages.length = 0;
      const email = 'story@example.com';
      const { number, variantId } = await placedOrder(app, 20, 2, email);

      // Placed: Processing everywhere, no estimate before it ships.
      let page = await tracked(number, email);
      expect(page.statusLabel).toBe('Processing');
      expect(page.shipping.eta).toBeUndefined();
      expect(statusLine(await operator('orders', 'show', number))).toBe('Processing');

      // Shipped without an ETA: an honest "No estimate yet" on the page, in the mail and the CLI.
      await operator('orders', 'ship', number, '--carrier', 'Pterodactyl Express', '--tracking', 'PTX-1');
      page = await tracked(number, email);
      expect(page.statusLabel).toBe('Shipped');
      expect(page.shipping.eta).toBe('No estimate yet');
      expect(await mailOf('order-shipped')).toMatch(/^Estimated delivery: No estimate yet$/m);
      let show = await operator('orders', 'show', number);
      expect(statusLine(show)).toBe('Shipped');
      expect(show).toContain('estimated delivery: No estimate yet');

      // Delivered, then one unit returned: the page names what came back and why, as the CLI does.
      await operator('orders', 'deliver', number);
      expect((await tracked(number, email)).statusLabel).toBe('Delivered');
      await operator('orders', 'return', number, '--line', `${variantId}:1`, '--reason', 'too snug');
      page = await tracked(number, email);
      const returned = page.history!.at(-1)!;
      expect(returned.note).toMatch(/^.+ \(.+, .+\) × 1: too snug$/);
      show = await operator('orders', 'show', number);
      expect(lastTimelineRow(show)).toContain(returned.note);

      // Partly refunded: the badge says so, and the refund reads alike on the page, in the mail and the CLI.
      await operator('orders', 'refund', number, '--amount', '1.00', '--reason', 'damaged in transit');
      page = await tracked(number, email);
      expect(page.statusLabel).toBe('Partly refunded');
      const refund = page.history!.at(-1)!;
      expect(refund.note).toBe('$1.00 by the shop: damaged in transit');
      expect(await mailOf('order-refunded')).toContain(`— ${refund.note}\n`);
      show = await operator('orders', 'show', number);
      expect(statusLine(show)).toBe('Partly refunded (Delivered)');
      expect(lastTimelineRow(show)).toContain(refund.note);

      // Refunded in full: Refunded everywhere.
      await operator('orders', 'refund', number, '--reason', 'returned in full');
      expect((await tracked(number, email)).statusLabel).toBe('Refunded');
      expect(await mailOf('order-refunded')).toMatch(/— \$[\d.,]+ by the shop: returned in full\n/);
      expect(statusLine(await operator('orders', 'show', number))).toBe('Refunded (Delivered)');

      // Another order cancelled by the shop: who and why, alike.
      const other = await placedOrder(app, 20, 1, email);
      await operator('orders', 'cancel', other.number, '--reason', 'out of stock at the nest');
      page = await tracked(other.number, email);
      expect(page.statusLabel).toBe('Cancelled');
      const cancel = page.history!.at(-1)!;
      expect(cancel.note).toBe('by the shop: out of stock at the nest');
      const cancelMail = await mailOf('order-cancelled');
      expect(cancelMail).toContain(`— ${cancel.note}\n`);
      expect(cancelMail).toContain('Nothing from it will be shipped.');
      show = await operator('orders', 'show', other.number);
      expect(statusLine(show)).toBe('Cancelled');
      expect(lastTimelineRow(show)).toContain(cancel.note);
    } finally {
      await running.stop();
    }
  });
});
