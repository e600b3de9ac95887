import { Command, Option } from 'commander';
import { type CartState, evolve, initialState } from '../../domain/cart/cart.decider.ts';
import { CART_STREAM_PREFIX, cartStreamId, isCartEvent, readCartEvent } from '../../domain/cart/cart.events.ts';
import { formatCents } from '../../contracts/money-format.ts';
import { readStream } from '../../eventstore/streams.ts';
import { createCatalogueIndex } from '../../projections/catalogue/catalogue.index.ts';
import { loadCatalogueSnapshot } from '../../projections/catalogue/catalogue.queries.ts';
import { type PricedCart, describeLine, priceCart } from '../priced-cart.ts';
import { type CliContext, CliError, parsePositiveInt, withDatabase } from '../context.ts';

export interface CartReplayStep {
  version: number;
  position: number;
  type: string;
  /** When the event was recorded. */
  recordedAt: string;
  data: unknown;
  /** The cart after this event. */
  state: PricedCart;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "cart-<uuid>" or "<uuid>" → "<uuid>" (lower case); anything else is a CliError. */
export function parseCartId(input: string): string {
  const id = input.trim().startsWith(CART_STREAM_PREFIX) ? input.trim().slice(CART_STREAM_PREFIX.length) : input.trim();
  if (!UUID.test(id))
    throw new CliError(`"${input}" is not a cart id (a UUID, with or without the "${CART_STREAM_PREFIX}" prefix)`);
  return id.toLowerCase();
}

export function cartReplayCommand(context: CliContext): Command {
  const { io } = context;
  return new Command('replay')
    .description("step through a cart's event stream: each event (version, type, time, data) and the cart after it")
    .argument('<cart-id>', `the cart's id, with or without the "${CART_STREAM_PREFIX}" prefix`)
    .addOption(new Option('--until-version <n>', 'stop after this stream version').argParser(parsePositiveInt))
    .option('--json', 'print a JSON array of steps for tools', false)
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop cart replay 3f1c2a9e-7d1b-4c55-9a0e-2b7f0c1d9e42\n' +
        '  $ dino-shop cart replay cart-3f1c2a9e-7d1b-4c55-9a0e-2b7f0c1d9e42 --until-version 2 --json',
    )
    .action(async (input: string, options: { untilVersion?: number; json: boolean }, command: Command) => {
      const cartId = parseCartId(input);
      const streamId = cartStreamId(cartId);
      const { events, catalogue } = await withDatabase(context, command, async (db) => ({
        events: await readStream(db, streamId, options.untilVersion ? { untilVersion: options.untilVersion } : {}),
        catalogue: createCatalogueIndex(await loadCatalogueSnapshot(db)),
      }));
      if (events.length === 0) throw new CliError(`no cart ${cartId}: the stream ${streamId} has no events`);

      let state: CartState = initialState();
      const steps: CartReplayStep[] = events.map((event) => {
        // Only cart events move a cart; anything else in the stream is shown and leaves the state alone.
        if (isCartEvent(event)) state = evolve(state, readCartEvent(event));
        return {
          version: event.version,
          position: event.position,
          type: event.type,
          recordedAt: event.createdAt.toISOString(),
          data: event.data,
          state: priceCart(state.lines, catalogue),
        };
      });

      if (options.json) {
        io.stdout.write(`${JSON.stringify(steps, null, 2)}\n`);
        return;
      }
      const last = steps[steps.length - 1]!.version;
      const upTo = options.untilVersion
        ? `, up to version ${last}${options.untilVersion > last ? ` (the stream ends before version ${options.untilVersion})` : ''}`
        : '';
      io.stdout.write(`Cart ${cartId} (stream ${streamId}): ${steps.length} event(s)${upTo}\n`);
      for (const step of steps) {
        io.stdout.write(`\nv${step.version}  ${step.type}  ${step.recordedAt}  (position ${step.position})\n`);
        io.stdout.write(`    data: ${JSON.stringify(step.data)}\n`);
        const { lines, itemCount, totalCents } = step.state;
        io.stdout.write(`    cart: ${lines.length} line(s), ${itemCount} item(s), total ${formatCents(totalCents)}\n`);
        for (const line of lines) io.stdout.write(`      - ${describeLine(line)}\n`);
      }
    });
}
