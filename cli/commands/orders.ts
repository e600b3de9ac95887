import { Command, InvalidArgumentError, Option } from 'commander';
import { centsToDecimal } from '../../contracts/money-format.ts';
import { ORDER_STATUSES } from '../../contracts/orders.ts';
import { normaliseOrderNumber } from '../../app/orders/orders.service.ts';
import { readStream } from '../../eventstore/streams.ts';
import { type OrderStatus, orderStreamId } from '../../domain/orders/order.events.ts';
import {
  type OrderRow,
  countOrdersSince,
  orderById,
  orderIdByNumber,
  ordersSince,
} from '../../projections/orders/orders.queries.ts';
import { type CliContext, CliError, parseIsoDate, stopSignal, withDatabase } from '../context.ts';
import { orderShowText } from '../order-text.ts';
import { createSink, formatCount, isBrokenPipe, progressBar } from '../output.ts';
import { EXPORT_FORMATS, type ExportFormat, recordEncoders } from '../records.ts';

/** An order as one listed record: money as decimal strings, no personal details. */
const encoders = recordEncoders(
  [
    'number',
    'placed_at',
    'status',
    'lines',
    'items',
    'subtotal',
    'shipping',
    'discount',
    'total',
    'promo_code',
    'shipping_method',
  ],
  (o: OrderRow) => ({
    number: o.number,
    placed_at: o.placedAt.toISOString(),
    status: o.status,
    lines: o.lines.length,
    items: o.lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: centsToDecimal(o.subtotalCents),
    shipping: centsToDecimal(o.shippingCents),
    discount: centsToDecimal(o.discountCents),
    total: centsToDecimal(o.totalCents),
    promo_code: o.promoCode,
    shipping_method: o.shippingMethod,
  }),
);

/** A status as the shop writes it ('Cancelled'), from any case: a usage error listing them otherwise (exit 2). */
export function parseOrderStatus(value: string): OrderStatus {
  const status = ORDER_STATUSES.find((s) => s.toLowerCase() === value.trim().toLowerCase());
  if (!status) throw new InvalidArgumentError(`Allowed choices are ${ORDER_STATUSES.join(', ')} (in any case).`);
  return status;
}

/**
 * An order number as the shop writes it ('#DINO-123456'), from any case, with or without '#' or the
 * dash: a usage error otherwise (exit 2), so a typo is not reported as an unknown order.
 */
export function parseOrderNumber(value: string): string {
  const number = normaliseOrderNumber(value);
  if (!number) throw new InvalidArgumentError('Expected an order number: #DINO- and six digits, e.g. DINO-123456.');
  return number;
}

/** `dino-shop orders list`: the orders placed (since a date, in a status), as CSV, JSON or NDJSON, streamed. */
export function ordersListCommand(context: CliContext): Command {
  const { io } = context;
  return new Command('list')
    .description(
      'the orders placed, oldest first: number, time, status, lines, items and money (no personal details), streamed at constant memory',
    )
    .addOption(
      new Option('--since <date>', 'only orders placed at or after this ISO 8601 date').argParser(parseIsoDate),
    )
    .addOption(
      new Option('--status <status>', 'only orders in this status (any case)')
        .choices(ORDER_STATUSES)
        .argParser(parseOrderStatus),
    )
    .addOption(new Option('--format <format>', 'output format').choices(EXPORT_FORMATS).default('csv'))
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop orders list > orders.csv\n' +
        '  $ dino-shop orders list --since 2026-11-01 --format ndjson\n' +
        '  $ dino-shop orders list --status Processing',
    )
    .action(async (options: { since?: Date; status?: OrderStatus; format: ExportFormat }, command: Command) => {
      const { signal, dispose } = stopSignal(context);
      const sink = createSink(io.stdout, signal);
      try {
        const count = await withDatabase(context, command, async (db) => {
          const total = await countOrdersSince(db, options.since, options.status);
          const progress = progressBar(io.stderr, {
            enabled: io.stderr.isTTY === true,
            label: 'Orders',
            total,
            unit: 'orders',
          });
          let written = 0;
          try {
            const encoder = encoders[options.format];
            await sink.write(encoder.header);
            for await (const batch of ordersSince(db, options.since, undefined, options.status)) {
              if (signal.aborted) throw new CliError('stopped before the list was complete');
              await sink.write(encoder.batch(batch, written === 0));
              written += batch.length;
              progress.update(written);
            }
            await sink.write(encoder.footer(written));
          } finally {
            progress.stop();
          }
          return written;
        });
        io.stderr.write(`Listed ${formatCount(count)} order(s) (${options.format}).\n`);
      } catch (error) {
        if (!isBrokenPipe(error)) throw error;
      } finally {
        sink.release();
        dispose();
      }
    });
}

/** `dino-shop orders show NUMBER`: one order's status, shipment, refunds, lines, totals and timeline. */
export function ordersShowCommand(context: CliContext): Command {
  return new Command('show')
    .description(
      'one order: its status, shipment, what was refunded, its lines and totals, and its ' +
        'timeline from the events of its stream (contact and address stay sealed)',
    )
    .argument('<number>', 'the order number, e.g. #DINO-123456 (the # and case do not matter)', parseOrderNumber)
    .addHelpText('after', '\nExample:\n  $ dino-shop orders show DINO-123456')
    .action(async (number: string, _options, command: Command) => {
      const found = await withDatabase(context, command, async (db) => {
        const orderId = await orderIdByNumber(db, number);
        if (!orderId) return undefined;
        return { order: (await orderById(db, orderId))!, events: await readStream(db, orderStreamId(orderId)) };
      });
      if (!found) throw new CliError(`no order ${number}`);
      context.io.stdout.write(orderShowText(found.order, found.events));
    });
}
