import { Command, InvalidArgumentError, Option } from 'commander';
import { receiveStock } from '../../app/stock/stock.service.ts';
import { lineLabel } from '../../contracts/order-presentation.ts';
import { MAX_RECEIPT } from '../../domain/stock/stock.decider.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { type StockListRow, stockList } from '../../projections/stock/stock-list.queries.ts';
import {
  type CliContext,
  CliError,
  parseNonNegativeInt,
  parsePositiveInt,
  withDatabase,
  withShop,
} from '../context.ts';
import { formatCount, formatTable } from '../output.ts';
import { EXPORT_FORMATS, recordEncoders } from '../records.ts';
import { reasonOption } from './order-moves.ts';

const parseReceipt = (value: string): number => {
  const n = parsePositiveInt(value);
  if (n > MAX_RECEIPT) throw new InvalidArgumentError(`Expected a whole number from 1 to ${formatCount(MAX_RECEIPT)}.`);
  return n;
};

/** `dino-shop stock receive VARIANT QTY [--reason TEXT]`: records StockReceived; the variant's live stock moves at once. */
export function stockReceiveCommand(context: CliContext): Command {
  return new Command('receive')
    .description(
      'record stock that arrived for a variant (StockReceived): it can be sold at once, and running servers show it within their catalogue poll',
    )
    .argument('<variant>', 'the variant id (see `dino-shop stock list`)', parsePositiveInt)
    .argument('<quantity>', `how many units arrived (1 to ${formatCount(MAX_RECEIPT)})`, parseReceipt)
    .addOption(reasonOption('where it came from or why, e.g. a delivery note (recorded with the receipt)'))
    .addHelpText(
      'after',
      '\nExample:\n  $ dino-shop stock receive 101 24 --reason "Delivery note 8841"\n  Received 24 of variant 101: 30 on hand.',
    )
    .action(async (variantId: number, quantity: number, options: { reason?: string }, command: Command) => {
      const { stock } = await withShop(context, command, async (shop) => {
        try {
          return await receiveStock(shop.store, variantId, quantity, options.reason ? { reason: options.reason } : {});
        } catch (error) {
          if (error instanceof DomainError) throw new CliError(error.message);
          throw error;
        }
      });
      context.io.stdout.write(
        `Received ${formatCount(quantity)} of variant ${variantId}: ${formatCount(stock)} on hand.\n`,
      );
    });
}

const LIST_FORMATS = ['table', ...EXPORT_FORMATS] as const;
type ListFormat = (typeof LIST_FORMATS)[number];

/** A variant's stock as one listed record: the product, size and colour each in a field of its own. */
const encoders = recordEncoders(
  ['variant', 'on_hand', 'counted', 'received', 'ordered', 'returned', 'product', 'size', 'color'],
  (r: StockListRow) => ({
    variant: r.variantId,
    on_hand: r.onHand,
    counted: r.counted,
    received: r.received,
    ordered: r.ordered,
    returned: r.returned,
    product: r.product,
    size: r.size,
    color: r.color,
  }),
);

const table = (rows: readonly StockListRow[]) =>
  formatTable(
    ['VARIANT', 'ON HAND', 'COUNTED', 'RECEIVED', 'ORDERED', 'RETURNED', 'PRODUCT'],
    rows.map((r) => [
      String(r.variantId),
      String(r.onHand),
      String(r.counted),
      String(r.received),
      String(r.ordered),
      String(r.returned),
      lineLabel({ name: r.product, size: r.size, color: r.color }),
    ]),
  );

/** `dino-shop stock list [--low N] [--format F]`: every variant's counted level, movements and what is on hand. */
export function stockListCommand(context: CliContext): Command {
  return new Command('list')
    .description(
      "every variant with its counted level (the seed's), units received, ordered and given back, and on hand, lowest on hand first",
    )
    .addOption(new Option('--low <n>', 'only variants with at most this many on hand').argParser(parseNonNegativeInt))
    .addOption(
      new Option('--format <format>', 'output format: a table to read, or records as `orders list` writes them')
        .choices(LIST_FORMATS)
        .default('table'),
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop stock list\n  $ dino-shop stock list --low 3\n  $ dino-shop stock list --format csv > stock.csv',
    )
    .action(async (options: { low?: number; format: ListFormat }, command: Command) => {
      const rows = await withDatabase(context, command, (db) =>
        stockList(db, options.low === undefined ? {} : { low: options.low }),
      );
      if (options.format !== 'table') {
        const encoder = encoders[options.format];
        context.io.stdout.write(
          encoder.header + (rows.length === 0 ? '' : encoder.batch(rows, true)) + encoder.footer(rows.length),
        );
        return;
      }
      if (rows.length === 0) {
        context.io.stdout.write(
          options.low === undefined
            ? 'The catalogue has no variants yet (run `dino-shop seed`).\n'
            : `No variant has ${options.low} or fewer on hand.\n`,
        );
        return;
      }
      context.io.stdout.write(table(rows));
    });
}
