import { Command, Option } from 'commander';
import { centsToDecimal } from '../../contracts/money-format.ts';
import { normaliseOrderNumber } from '../../app/orders/orders.service.ts';
import { readStream } from '../../eventstore/event-store.ts';
import { orderStreamId } from '../../domain/orders/order.events.ts';
import { type OrderRow, countOrdersSince, orderById, orderIdByNumber, ordersSince } from '../../projections/orders/orders.queries.ts';
import { type CliContext, CliError, parseIsoDate, stopSignal, withDatabase } from '../context.ts';
import { orderShowText } from '../order-text.ts';
import { createSink, formatCount, isBrokenPipe, progressBar } from '../output.ts';
import { EXPORT_FORMATS, type ExportFormat, csvField } from './subscribers-export.ts';

const CSV_HEADER = 'number,placed_at,status,lines,items,subtotal,shipping,discount,total,promo_code,shipping_method\r\n';

/** An order as one exported record: money as decimal strings, no personal details. */
const record = (o: OrderRow) => ({
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
});

const encode: Record<ExportFormat, (orders: readonly OrderRow[], first: boolean) => string> = {
  csv: (orders) => orders.map((o) => `${Object.values(record(o)).map((v) => csvField(v === null ? '' : String(v))).join(',')}\r\n`).join(''),
  json: (orders, first) => (first ? '\n' : ',\n') + orders.map((o) => JSON.stringify(record(o))).join(',\n'),
  ndjson: (orders) => orders.map((o) => `${JSON.stringify(record(o))}\n`).join(''),
};

/** `dino-shop orders list`: the orders placed (since a date), as CSV, JSON or NDJSON, streamed. */
export function ordersListCommand(context: CliContext): Command {
  const { io } = context;
  return new Command('list')
    .description('the orders placed, oldest first: number, time, status, lines, items and money (no personal details), streamed at constant memory')
    .addOption(new Option('--since <date>', 'only orders placed at or after this ISO 8601 date').argParser(parseIsoDate))
    .addOption(new Option('--format <format>', 'output format').choices(EXPORT_FORMATS).default('csv'))
    .addHelpText('after', '\nExamples:\n  $ dino-shop orders list > orders.csv\n  $ dino-shop orders list --since 2026-11-01 --format ndjson')
    .action(async (options: { since?: Date; format: ExportFormat }, command: Command) => {
      const { signal, dispose } = stopSignal(context);
      const sink = createSink(io.stdout, signal);
      try {
        const count = await withDatabase(context, command, async (db) => {
          const total = await countOrdersSince(db, options.since);
          const progress = progressBar(io.stderr, { enabled: io.stderr.isTTY === true, label: 'Orders', total, unit: 'orders' });
          let written = 0;
          try {
            await sink.write(options.format === 'csv' ? CSV_HEADER : options.format === 'json' ? '[' : '');
            for await (const batch of ordersSince(db, options.since)) {
              if (signal.aborted) throw new CliError('stopped before the list was complete');
              await sink.write(encode[options.format](batch, written === 0));
              written += batch.length;
              progress.update(written);
            }
            if (options.format === 'json') await sink.write(written === 0 ? ']\n' : '\n]\n');
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

/** `dino-shop orders show NUMBER`: one order's lines, totals and events. */
export function ordersShowCommand(context: CliContext): Command {
  return new Command('show')
    .description('one order: its lines, totals and the events of its stream (contact and address stay sealed)')
    .argument('<number>', 'the order number, e.g. #DINO-123456 (the # and case do not matter)')
    .addHelpText('after', "\nExample:\n  $ dino-shop orders show DINO-123456")
    .action(async (input: string, _options, command: Command) => {
      const number = normaliseOrderNumber(input);
      if (!number) throw new CliError('that is not an order number: expected #DINO- and six digits, e.g. #DINO-123456');
      const found = await withDatabase(context, command, async (db) => {
        const orderId = await orderIdByNumber(db, number);
        if (!orderId) return undefined;
        return { order: (await orderById(db, orderId))!, events: await readStream(db, orderStreamId(orderId)) };
      });
      if (!found) throw new CliError(`no order ${number}`);
      context.io.stdout.write(orderShowText(found.order, found.events));
    });
}
