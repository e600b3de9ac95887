/**
 * An order's history in words, for every surface that tells it: Track Order's history, the CLI's
 * `orders show` timeline and the mails of an order's moves. Dependency-free: Track Order loads it.
 */

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
