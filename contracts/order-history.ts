/**
 * An order's state and history in words, for every surface that tells it: Track Order, the CLI's
 * `orders show` and the mails of an order's moves. Dependency-free: Track Order loads it.
 */
import { formatMoney } from './money-format.ts';
import { type NamedLine, QUANTITY_MARK, lineLabel } from './order-presentation.ts';

/** One event of an order's history as the API and Track Order carry it (money as a decimal string). */
export interface OrderHistoryItem {
  type: string;
  /** When it happened (ISO 8601). */
  at: string;
  /** Who cancelled. */
  by?: 'shopper' | 'shop';
  /** The shop's reason for a cancel, refund or return. */
  reason?: string;
  /** A refund's sum. */
  amount?: string;
  /** How many units a return brought back. */
  units?: number;
  /** What a return brought back, by variant. */
  lines?: Array<{ variantId: number; quantity: number }>;
}

/** An order's line as the history names it: its variant, and what it is called. */
export type HistoryLine = NamedLine & { variantId: number };

/** What each event of an order's stream is called, wherever its history is told. */
export const ORDER_HISTORY_LABELS = {
  OrderPlaced: 'Placed',
  OrderShipped: 'Shipped',
  OrderDelivered: 'Delivered',
  OrderCancelled: 'Cancelled',
  ReturnReceived: 'Return received',
  RefundIssued: 'Refund issued',
} as const;

export type OrderHistoryType = keyof typeof ORDER_HISTORY_LABELS;

const isKnown = (type: string): type is OrderHistoryType => Object.hasOwn(ORDER_HISTORY_LABELS, type);

/** An event of an order's history in words ('Return received'); a type not known here yet, spelt out from its name. */
export function historyLabel(type: string): string {
  if (isKnown(type)) return ORDER_HISTORY_LABELS[type];
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * A day, en-US: 'December 1, 2026' (the day an order was placed, its estimated delivery). Takes an
 * instant (ISO 8601) or a date (YYYY-MM-DD, read as that day); in UTC, as every moment is.
 */
export function formatDay(at: string): string {
  return day.format(new Date(/^\d{4}-\d{2}-\d{2}$/.test(at) ? `${at}T00:00:00Z` : at));
}

/** What an order shipped without an estimated delivery says in its place, on the page, in the mail and the CLI. */
export const NO_ESTIMATE = 'No estimate yet';

/** The estimated delivery (YYYY-MM-DD) as a day, or an honest "No estimate yet" when the carrier gave none. */
export function deliveryEstimate(eta: string | null | undefined): string {
  return eta && !Number.isNaN(Date.parse(`${eta}T00:00:00Z`)) ? formatDay(eta) : NO_ESTIMATE;
}

/**
 * What an order says of its delivery estimate, or nothing: on its way, the estimate or "No estimate
 * yet"; delivered, the estimate it was given (none given, nothing to say); not shipped, nothing.
 */
export function estimateOf(order: { status: string; eta: string | null | undefined }): string | undefined {
  if (order.status === 'Shipped') return deliveryEstimate(order.eta);
  return order.status === 'Delivered' && order.eta ? deliveryEstimate(order.eta) : undefined;
}

/**
 * The order's status as its badge and every surface say it: a shipped or delivered order is
 * 'Refunded' once all of it was given back and 'Partly refunded' once some was; otherwise the status
 * its moves left (a Processing order can still be cancelled, and a Cancelled one stays so, refund or not).
 */
export function orderStatusLabel(order: { status: string; refundedCents: number; totalCents: number }): string {
  if ((order.status !== 'Shipped' && order.status !== 'Delivered') || order.refundedCents <= 0) return order.status;
  return order.refundedCents >= order.totalCents ? 'Refunded' : 'Partly refunded';
}

/** What a cancelled order is told, wherever it is told: the page, its note and the mail. */
export const NOTHING_SHIPS = 'Nothing from it will be shipped.';

const happenedAt = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/**
 * When an event happened, en-US: 'Nov 29, 2026, 10:00 AM UTC'. In UTC, as 'Placed on' is, so the
 * server's page and the browser's hydration say the same; ICU's narrow no-break spaces become plain
 * ones (one ICU writes them, another may not).
 */
export function formatHappenedAt(at: string): string {
  return happenedAt.format(new Date(at)).replace(/\s/gu, ' ');
}

/** "3 units" / "1 unit". */
export const unitsText = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;

const because = (reason: string | undefined) => (reason?.trim() ? `: ${reason.trim()}` : '');

/** What a return brought back, each named as the order names its lines: "T-Rex Thong (M, Green) × 1". */
function returnedText(returned: NonNullable<OrderHistoryItem['lines']>, lines: readonly HistoryLine[]): string {
  return returned
    .map(({ variantId, quantity }) => {
      const line = lines.find((l) => l.variantId === variantId);
      return line ? `${lineLabel(line)} ${QUANTITY_MARK} ${quantity}` : unitsText(quantity);
    })
    .join(', ');
}

/** Who reads the history: the shopper (Track Order, the mails: "by you") or the shop's operator (the CLI). */
export type HistoryReader = 'shopper' | 'operator';

/**
 * What the shopper is told of an event beside its name, or nothing: who cancelled and why ("by you",
 * "by the shop: out of stock"), what a refund gave back and why ("$1.00 by the shop: damaged in
 * transit"), what a return brought back ("T-Rex Thong (M, Green) × 1: too snug", or "1 unit: too snug"
 * without the order's lines). A shopper's own reason is theirs: not repeated; an operator reads "by the shopper".
 */
export function historyNote(
  item: OrderHistoryItem,
  lines: readonly HistoryLine[] = [],
  reader: HistoryReader = 'shopper',
): string | undefined {
  switch (item.type) {
    case 'OrderCancelled':
      if (item.by === 'shopper') return reader === 'shopper' ? 'by you' : 'by the shopper';
      return `by the shop${because(item.reason)}`;
    case 'RefundIssued':
      return item.amount === undefined ? undefined : `${formatMoney(item.amount)} by the shop${because(item.reason)}`;
    case 'ReturnReceived':
      if (item.lines && lines.length > 0) return `${returnedText(item.lines, lines)}${because(item.reason)}`;
      return item.units === undefined ? undefined : `${unitsText(item.units)}${because(item.reason)}`;
    default:
      return undefined;
  }
}

/**
 * One event of the history as one line of text, for the mails and wherever it is written as one:
 * "Refund issued, Dec 2, 2026, 10:00 AM UTC — $1.00 by the shop: damaged in transit".
 */
export function historyLine(item: OrderHistoryItem, lines: readonly HistoryLine[] = []): string {
  const note = historyNote(item, lines);
  return `${historyLabel(item.type)}, ${formatHappenedAt(item.at)}${note ? ` — ${note}` : ''}`;
}
