/**
 * An order's history in words, for every surface that tells it: Track Order's history, the CLI's
 * `orders show` timeline and the mails of an order's moves. Dependency-free: Track Order loads it.
 */
import { formatMoney } from './money-format.ts';

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
}

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

const because = (reason: string | undefined) => (reason ? `: ${reason}` : '');

/**
 * What the shopper is told of an event beside its name, or nothing: who cancelled and why ("by you",
 * "by the shop: out of stock"), what a refund gave back and why ("$1.00 by the shop: damaged in
 * transit"), what a return brought back ("1 unit: too snug"). A shopper's own reason is theirs: not repeated.
 */
export function historyNote(item: OrderHistoryItem): string | undefined {
  switch (item.type) {
    case 'OrderCancelled':
      return item.by === 'shopper' ? 'by you' : `by the shop${because(item.reason)}`;
    case 'RefundIssued':
      return item.amount === undefined ? undefined : `${formatMoney(item.amount)} by the shop${because(item.reason)}`;
    case 'ReturnReceived':
      return item.units === undefined
        ? undefined
        : `${item.units} unit${item.units === 1 ? '' : 's'}${because(item.reason)}`;
    default:
      return undefined;
  }
}
