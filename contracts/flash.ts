import * as v from 'valibot';
import { PlacedOrder } from './checkout.ts';
import type { OrderHistoryItem as HistoryItem } from './order-history.ts';
import type { TrackedEvent as TrackedEventType } from './order-tracking.ts';
import { MoneyString } from './money.ts';

/**
 * What a form post leaves for the page it redirects to (the no-JavaScript path: POST, 303, GET).
 * It lives in a short-lived cookie, so it holds only what the next page needs to say: a notice, a
 * form's values and messages (never card numbers), or the order just placed.
 */
export const FlashNotice = v.object({
  title: v.string(),
  description: v.optional(v.string()),
  tone: v.picklist(['success', 'error']),
  /** A link the notice offers (e.g. to the cart after an add), on this site only. */
  link: v.optional(v.object({ href: v.pipe(v.string(), v.startsWith('/')), label: v.string() })),
});
export type FlashNotice = v.InferOutput<typeof FlashNotice>;

export const FlashForm = v.object({
  /** Which form on the page this is about ('checkout', 'contact', 'track', 'signup', 'promo'). */
  name: v.string(),
  values: v.record(v.string(), v.string()),
  errors: v.record(v.string(), v.string()),
  /** The outcome when there is one to show ('sent', 'subscribed', 'found', 'not-found', 'cancelled', 'applied', 'invalid'). */
  result: v.optional(v.string()),
});
export type FlashForm = v.InferOutput<typeof FlashForm>;

/** One event of an order's history (contracts/order-history.ts), as the API answers it. */
export const OrderHistoryItem: v.GenericSchema<HistoryItem> = v.object({
  type: v.string(),
  at: v.string(),
  by: v.optional(v.picklist(['shopper', 'shop'])),
  reason: v.optional(v.string()),
  amount: v.optional(MoneyString),
  units: v.optional(v.number()),
  lines: v.optional(v.array(v.object({ variantId: v.number(), quantity: v.number() }))),
});

/** One event of a found order's history, as Track Order shows it (contracts/order-tracking.ts). */
const TrackedEvent: v.GenericSchema<TrackedEventType> = v.object({
  type: v.string(),
  at: v.string(),
  note: v.optional(v.string()),
});

/** An order Track Order found, as it shows it (contracts/order-tracking.ts). */
export const FlashTrackedOrder = v.object({
  number: v.string(),
  date: v.string(),
  status: v.string(),
  statusLabel: v.string(),
  items: v.array(v.object({ name: v.string(), quantity: v.number(), price: v.string() })),
  shipping: v.object({
    method: v.string(),
    carrier: v.optional(v.string()),
    trackingNumber: v.optional(v.string()),
    eta: v.optional(v.string()),
    address: v.optional(v.string()),
  }),
  charges: v.optional(v.object({ subtotal: v.string(), shipping: v.string(), discount: v.string() })),
  total: v.string(),
  refunded: v.optional(v.string()),
  history: v.optional(v.array(TrackedEvent)),
});

export const Flash = v.object({
  notice: v.optional(FlashNotice),
  form: v.optional(FlashForm),
  order: v.optional(PlacedOrder),
  tracked: v.optional(FlashTrackedOrder),
});
export type Flash = v.InferOutput<typeof Flash>;
