import { createHash } from 'node:crypto';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { OrdersService } from '../../app/orders/orders.service.ts';
import { decimalToCents, formatCents } from '../../contracts/money-format.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { RETURN_DAYS } from '../../domain/orders/order.decider.ts';
import { type OrderUnits, orderStreamId } from '../../domain/orders/order.events.ts';
import { type CommandKey, recordedUnder } from '../../eventstore/command-keys.ts';
import { type OrderRow, orderById, orderIdByNumber } from '../../projections/orders/orders.queries.ts';
import { type CliContext, CliError, MAX_WHOLE_NUMBER, parseNonEmpty, withShop } from '../context.ts';
import { unitsText } from '../../contracts/order-history.ts';
import { shipmentText, unitsOfLinesText } from '../order-text.ts';
import { parseOrderNumber } from './orders.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The CommandKey of an operator's `--key TEXT`: the key is a hash of the text (prefixed so it never
 * meets a key the API records for a shopper), the request a fingerprint of the command and its
 * arguments, so the same key on another command (or other arguments) is refused, not answered.
 */
export function cliCommandKey(text: string, command: string, args: unknown): CommandKey {
  return { key: sha256(`cli:${text}`), request: sha256(JSON.stringify([command, args])) };
}

// Argument parsers: a bad value is a usage error (exit 2) before anything is opened.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An estimated delivery date, YYYY-MM-DD, that is on the calendar. */
export function parseEta(value: string): string {
  const text = value.trim();
  const match = ISO_DAY.exec(text);
  const [, y, m, d] = match ?? [];
  const date = match ? new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))) : undefined;
  if (!date || Number(y) < 1 || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) {
    throw new InvalidArgumentError('Expected a calendar date as YYYY-MM-DD, e.g. 2026-12-03.');
  }
  return text;
}

/** A text option that must say something: trimmed, not empty. */
export const parseText = (value: string): string => parseNonEmpty(value).trim();

/** `--line VARIANT:QUANTITY`, repeatable: the units of each line collected in the order given. */
export function parseReturnLine(value: string, previous: readonly OrderUnits[] = []): OrderUnits[] {
  const match = /^\s*(\d{1,10})\s*:\s*(\d{1,10})\s*$/.exec(value);
  const [variantId, quantity] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!(variantId >= 1 && variantId <= MAX_WHOLE_NUMBER && quantity >= 1 && quantity <= MAX_WHOLE_NUMBER)) {
    throw new InvalidArgumentError('Expected VARIANT:QUANTITY, two whole numbers from 1, e.g. 104:1.');
  }
  return [...previous, { variantId, quantity }];
}

/** The most a refund can name, in cents (the read model sums refunds in a PostgreSQL integer). */
const MAX_AMOUNT_CENTS = MAX_WHOLE_NUMBER;

/** A refund's amount in dollars ("12.34", "12", "$12.5") → cents; more than zero, at most two decimals. */
export function parseAmount(value: string): number {
  const text = value.trim().replace(/^\$/, '');
  let cents: number;
  try {
    cents = /^\d{1,9}(?:\.\d{1,2})?$/.test(text) ? decimalToCents(text) : NaN;
  } catch {
    cents = NaN;
  }
  if (Number.isNaN(cents))
    throw new InvalidArgumentError('Expected an amount in dollars with at most two decimals, e.g. 12.34.');
  if (cents <= 0 || cents > MAX_AMOUNT_CENTS)
    throw new InvalidArgumentError(`Expected an amount from 0.01 to ${formatCents(MAX_AMOUNT_CENTS).slice(1)}.`);
  return cents;
}

interface Moved {
  before: OrderRow;
  after: OrderRow;
  /** Whether this command recorded an event (a repeat of a move already made records none). */
  recorded: boolean;
  /** An earlier command with the same `--key` was recorded: this one was not run again. */
  replayed: boolean;
}

/**
 * Runs one of the orders service's moves on the order `number` names, and says what it changed. An
 * unknown order and a refused move (the service's DomainError, in its words) are one-line failures
 * (exit 1). With a key: a key already recorded for this very command answers with the order as it is
 * now, recording nothing; one recorded for another command is refused.
 */
async function moveOrder(
  context: CliContext,
  command: Command,
  number: string,
  key: { text: string; commandKey: CommandKey } | undefined,
  move: (orders: OrdersService, key: CommandKey | undefined) => Promise<OrderRow>,
): Promise<Moved> {
  return withShop(context, command, async ({ orders }, db) => {
    const orderId = await orderIdByNumber(db, number);
    const before = orderId && (await orderById(db, orderId));
    if (!orderId || !before) throw new CliError(`no order ${number}`);
    let commandKey = key?.commandKey;
    if (key && commandKey) {
      const earlier = await recordedUnder(db, commandKey.key);
      if (earlier && (earlier.request !== commandKey.request || earlier.streamId !== orderStreamId(orderId))) {
        throw new CliError(
          `the key "${key.text}" was already used for another command; use a new key for a new command`,
        );
      }
      if (earlier) commandKey = { ...commandKey, recordedIn: earlier.streamId };
    }
    let after: OrderRow;
    try {
      after = await move(orders, commandKey);
    } catch (error) {
      if (error instanceof DomainError)
        throw new CliError(error.kind === 'not-found' ? `no order ${number}` : error.message);
      throw error;
    }
    return {
      before,
      after,
      recorded: after.history.length > before.history.length,
      replayed: commandKey?.recordedIn !== undefined,
    };
  });
}

/** The line a command whose key was recorded before prints: what the order is now. */
const replayedText = (text: string, order: OrderRow) =>
  `Already recorded with key "${text}": nothing recorded again. ${order.number} is ${order.status}, ${order.refundedCents > 0 ? `${formatCents(order.refundedCents)} of ${formatCents(order.totalCents)} refunded` : 'nothing refunded'}.\n`;

const numberArgument = (command: Command) =>
  command.argument('<number>', 'the order number, e.g. #DINO-123456 (the # and case do not matter)', parseOrderNumber);

/** `--reason TEXT`: why the shop made a move, recorded with it (trimmed, not empty). */
export const reasonOption = (description: string) => new Option('--reason <text>', description).argParser(parseText);

const keyOption = () =>
  new Option(
    '--key <text>',
    'a key of your choosing for this command: run again with the same key and arguments (after ' +
      'a crash, a lost connection), it records nothing more and says so; the same key with other ' +
      'arguments is refused',
  ).argParser(parseText);

/** `dino-shop orders ship NUMBER --carrier NAME --tracking CODE [--eta YYYY-MM-DD]` */
export function ordersShipCommand(context: CliContext): Command {
  return numberArgument(new Command('ship'))
    .description(
      'hand a Processing order to a carrier (OrderShipped): the shopper sees the carrier, tracking number and ETA; the same shipment again records nothing',
    )
    .addOption(new Option('--carrier <name>', 'who carries it').argParser(parseText).makeOptionMandatory())
    .addOption(
      new Option('--tracking <code>', "the carrier's tracking number").argParser(parseText).makeOptionMandatory(),
    )
    .addOption(
      new Option(
        '--eta <date>',
        'estimated delivery date, YYYY-MM-DD (without it the shopper reads "No estimate yet")',
      ).argParser(parseEta),
    )
    .addHelpText(
      'after',
      '\nExample:\n' +
        '  $ dino-shop orders ship DINO-123456 --carrier "Pterodactyl Express" --tracking PTX-7741 --eta 2026-12-03\n' +
        '  Shipped #DINO-123456 with Pterodactyl Express, tracking PTX-7741, estimated delivery: December 3, 2026.',
    )
    .action(async (number: string, options: { carrier: string; tracking: string; eta?: string }, command: Command) => {
      const shipment = { carrier: options.carrier, trackingNumber: options.tracking, eta: options.eta ?? null };
      const { after, recorded } = await moveOrder(context, command, number, undefined, (orders) =>
        orders.ship(number, shipment),
      );
      context.io.stdout.write(
        recorded
          ? `Shipped ${after.number} with ${shipmentText(after.shipment ?? shipment)}.\n`
          : `${after.number} was already shipped with ${shipmentText(after.shipment ?? shipment, after.status)}; nothing recorded.\n`,
      );
    });
}

/** `dino-shop orders deliver NUMBER` */
export function ordersDeliverCommand(context: CliContext): Command {
  return numberArgument(new Command('deliver'))
    .description(
      `record that a shipped order was delivered (OrderDelivered): returns are taken for ${RETURN_DAYS} days from now; again, it records nothing`,
    )
    .addHelpText('after', '\nExample:\n  $ dino-shop orders deliver DINO-123456\n  Delivered #DINO-123456.')
    .action(async (number: string, _options, command: Command) => {
      const { after, recorded } = await moveOrder(context, command, number, undefined, (orders) =>
        orders.deliver(number),
      );
      context.io.stdout.write(
        recorded ? `Delivered ${after.number}.\n` : `${after.number} was already delivered: nothing recorded.\n`,
      );
    });
}

/** `dino-shop orders cancel NUMBER --reason TEXT` */
export function ordersCancelCommand(context: CliContext): Command {
  return numberArgument(new Command('cancel'))
    .description(
      'cancel an order that has not shipped (OrderCancelled, by the shop): its units go back to ' +
        'stock; the shopper reads the reason on Track Order and in the mail; again, it records ' +
        'nothing',
    )
    .addOption(reasonOption('why, in words for the shopper').makeOptionMandatory())
    .addHelpText(
      'after',
      '\nExample:\n  $ dino-shop orders cancel DINO-123456 --reason "Out of stock at the warehouse"\n  Cancelled #DINO-123456: 3 units back in stock.',
    )
    .action(async (number: string, options: { reason: string }, command: Command) => {
      const { after, recorded } = await moveOrder(context, command, number, undefined, (orders) =>
        orders.cancel(number, options.reason),
      );
      const units = after.lines.reduce((sum, l) => sum + l.quantity, 0);
      context.io.stdout.write(
        recorded
          ? `Cancelled ${after.number}: ${unitsText(units)} back in stock.\n`
          : `${after.number} was already cancelled: nothing recorded.\n`,
      );
    });
}

/** `dino-shop orders return NUMBER --line VARIANT:QUANTITY... [--no-restock] [--reason TEXT] [--key TEXT]` */
export function ordersReturnCommand(context: CliContext): Command {
  return numberArgument(new Command('return'))
    .description(
      `record units of a delivered order that came back, within ${RETURN_DAYS} days of delivery (ReturnReceived): back on sale unless --no-restock`,
    )
    .addOption(
      new Option(
        '--line <variant:quantity>',
        'a variant of the order and how many of it came back; repeat for each variant',
      )
        .argParser(parseReturnLine)
        .makeOptionMandatory(),
    )
    .addOption(new Option('--no-restock', 'the units cannot be sold again: do not put them back in stock'))
    .addOption(reasonOption('why they came back, as the shopper said or the shop found (shown on Track Order)'))
    .addOption(keyOption())
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop orders return DINO-123456 --line 104:1 --line 211:1 --key ' +
        'ret-123456-1\n  Received the return of 2 units of #DINO-123456: 1 × T-Rex Tiny Arms Thong ' +
        '(XL, Red) [variant 104], 1 × Stego Plate-Mate Briefs (M, Purple) [variant 211]; back in ' +
        'stock.\n  $ dino-shop orders return DINO-123456 --line 104:1 --no-restock',
    )
    .action(
      async (
        number: string,
        options: { line: OrderUnits[]; restock: boolean; reason?: string; key?: string },
        command: Command,
      ) => {
        const received = {
          lines: options.line,
          restock: options.restock,
          ...(options.reason ? { reason: options.reason } : {}),
        };
        const key =
          options.key === undefined
            ? undefined
            : { text: options.key, commandKey: cliCommandKey(options.key, 'orders return', { number, ...received }) };
        const { after, replayed } = await moveOrder(context, command, number, key, (orders, commandKey) =>
          orders.receiveReturn(number, received, commandKey),
        );
        if (replayed) return void context.io.stdout.write(replayedText(key!.text, after));
        const units = options.line.reduce((sum, l) => sum + l.quantity, 0);
        context.io.stdout.write(
          `Received the return of ${unitsText(units)} of ${after.number}: ${unitsOfLinesText(options.line, after.lines)}; ${options.restock ? 'back in stock' : 'not restocked'}.\n`,
        );
      },
    );
}

/** `dino-shop orders refund NUMBER --reason TEXT [--amount DECIMAL] [--key TEXT]` */
export function ordersRefundCommand(context: CliContext): Command {
  return numberArgument(new Command('refund'))
    .description(
      'give money back for an order (RefundIssued): an amount, or what is left to refund; never more than what is left',
    )
    .addOption(
      new Option('--amount <decimal>', 'in dollars, e.g. 12.34 (default: what is left to refund)').argParser(
        parseAmount,
      ),
    )
    .addOption(
      reasonOption('why, in words for the shopper (shown on Track Order and in the mail)').makeOptionMandatory(),
    )
    .addOption(keyOption())
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  $ dino-shop orders refund DINO-123456 --amount 12.34 --reason "Late delivery" --key refund-123456-1\n' +
        '  Refunded $12.34 for #DINO-123456: $12.34 of $71.97 refunded in all.\n' +
        '  $ dino-shop orders refund DINO-123456 --reason "Returned in full"',
    )
    .action(async (number: string, options: { amount?: number; reason: string; key?: string }, command: Command) => {
      const amountCents = options.amount ?? null;
      const { reason } = options;
      const key =
        options.key === undefined
          ? undefined
          : {
              text: options.key,
              commandKey: cliCommandKey(options.key, 'orders refund', { number, amountCents, reason }),
            };
      const { before, after, replayed } = await moveOrder(context, command, number, key, (orders, commandKey) =>
        orders.refund(number, amountCents, reason, commandKey),
      );
      if (replayed) return void context.io.stdout.write(replayedText(key!.text, after));
      context.io.stdout.write(
        `Refunded ${formatCents(after.refundedCents - before.refundedCents)} for ${after.number}: ${formatCents(after.refundedCents)} of ${formatCents(after.totalCents)} refunded in all.\n`,
      );
    });
}
