import { Command } from 'commander';
import { normaliseOrderNumber } from '../../app/orders/orders.service.ts';
import { consumers } from '../../consumers/registry.ts';
import { type TraceStart, traceCause } from '../../consumers/trace.ts';
import type { Queryable } from '../../db/database.ts';
import { CART_STREAM_PREFIX } from '../../domain/cart/cart.events.ts';
import { ORDER_STREAM_PREFIX, orderStreamId } from '../../domain/orders/order.events.ts';
import { STOCK_STREAM_PREFIX } from '../../domain/stock/stock.events.ts';
import { STOCK_ALERT_STREAM_PREFIX } from '../../domain/stock-alerts/stock-alert.events.ts';
import { SUBSCRIBER_STREAM_PREFIX } from '../../domain/subscriptions/subscription.events.ts';
import { orderIdByNumber } from '../../projections/orders/orders.queries.ts';
import { type CliContext, CliError, withDatabase } from '../context.ts';
import { traceJson, traceText } from '../trace-text.ts';

const STREAM_PREFIXES = [
  STOCK_ALERT_STREAM_PREFIX,
  CART_STREAM_PREFIX,
  ORDER_STREAM_PREFIX,
  STOCK_STREAM_PREFIX,
  SUBSCRIBER_STREAM_PREFIX,
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const streamExists = async (db: Queryable, streamId: string) =>
  (await db.query('select 1 from events where stream_id = $1 limit 1', [streamId])).rows.length > 0;

/**
 * What `<what>` names: a log position (digits), an order number (its stream), a cart or order id (its
 * stream), a stream id, else a correlation (a request's id, a CLI invocation's `cli:<uuid>`).
 */
async function traceStartOf(db: Queryable, what: string): Promise<TraceStart> {
  const text = what.trim();
  if (/^\d{1,15}$/.test(text)) return { position: Number(text) };
  const number = normaliseOrderNumber(text);
  if (number) {
    const orderId = await orderIdByNumber(db, number);
    if (!orderId) throw new CliError(`no order ${number}`);
    return { streamId: orderStreamId(orderId) };
  }
  if (UUID.test(text)) {
    const id = text.toLowerCase();
    for (const prefix of [CART_STREAM_PREFIX, ORDER_STREAM_PREFIX])
      if (await streamExists(db, `${prefix}${id}`)) return { streamId: `${prefix}${id}` };
  }
  if (STREAM_PREFIXES.some((prefix) => text.startsWith(prefix)) && (await streamExists(db, text)))
    return { streamId: text };
  return { correlationId: text };
}

/** `dino-shop events trace <what> [--json]`: everything one cause led to. */
export function eventsTraceCommand(context: CliContext): Command {
  return new Command('trace')
    .description(
      'everything one cause led to, in log order: the events (stream, version, type, who), what each consumer did with them ' +
        '(handled, waiting, retrying, parked) and the mail it sent (Message-ID, tries, when; never an address)',
    )
    .argument(
      '<what>',
      'a request id (the x-request-id of an answer, the reqId of a log line), an order number, a cart id, a stream id, a log position or a correlation id',
    )
    .option('--json', 'print the trace as one JSON object instead of text', false)
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop events trace DINO-123456\n  $ dino-shop events trace req-1x2y3z\n  $ dino-shop events trace 4711 --json',
    )
    .action(async (what: string, options: { json: boolean }, command: Command) => {
      const trace = await withDatabase(context, command, async (db) =>
        traceCause(db, consumers, await traceStartOf(db, what)),
      );
      if (trace.events.length === 0) {
        throw new CliError(
          `nothing in the log matches "${what}" (a request or correlation id, an order number, a cart id, a stream id or a log position)`,
        );
      }
      context.io.stdout.write(
        options.json ? `${JSON.stringify(traceJson(what, trace), null, 2)}\n` : traceText(what, trace),
      );
    });
}
