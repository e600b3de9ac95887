import * as v from 'valibot';
import { CHECKOUT_FIELDS } from './checkout.ts';
import { FlashTrackedOrder, OrderHistoryItem } from './flash.ts';
import { MoneyString } from './money.ts';

/**
 * The orders API's shapes. A checkout posts the checkout form's fields (contracts/checkout.ts says
 * which and validates them, with the form's own messages); anything not a string is a 400.
 */
export const PlaceOrderBody = v.object(
  Object.fromEntries(CHECKOUT_FIELDS.map((name) => [name, v.optional(v.string(`${name} must be a string`))])) as Record<
    (typeof CHECKOUT_FIELDS)[number],
    v.OptionalSchema<v.StringSchema<string>, undefined>
  >,
);
export type PlaceOrderBody = v.InferOutput<typeof PlaceOrderBody>;

export const OrderLineView = v.object({
  productId: v.number(),
  variantId: v.number(),
  name: v.string(),
  size: v.string(),
  color: v.string(),
  quantity: v.number(),
  unitPrice: MoneyString,
});
export type OrderLineView = v.InferOutput<typeof OrderLineView>;

/** An order's statuses, as Track Order's badge shows them. */
export const ORDER_STATUSES = ['Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;

/** How the order travels: the method chosen at checkout; once shipped, the carrier, tracking number and estimated delivery date (YYYY-MM-DD). */
export const OrderShippingView = v.object({
  method: v.string(),
  carrier: v.nullable(v.string()),
  trackingNumber: v.nullable(v.string()),
  eta: v.nullable(v.string()),
});
export type OrderShippingView = v.InferOutput<typeof OrderShippingView>;

/** An order as the confirmation and order tracking show it: no contact or address details. */
export const OrderView = v.object({
  /** '#DINO-' and six digits. */
  number: v.string(),
  /** When it was placed (ISO 8601). */
  placedAt: v.pipe(v.string(), v.isoTimestamp()),
  status: v.picklist(ORDER_STATUSES),
  lines: v.array(OrderLineView),
  subtotal: MoneyString,
  /** What shipping cost ("0.00" when waived). */
  shippingCost: MoneyString,
  discount: MoneyString,
  total: MoneyString,
  shipping: OrderShippingView,
  /** What was given back so far. */
  refunded: MoneyString,
  /**
   * Each event of the order, oldest first: its type (OrderPlaced, OrderShipped, ...) and time (ISO 8601),
   * and what the shopper is told of it: who cancelled, the shop's reason, a refund's amount, a return's units and variants.
   */
  history: v.array(OrderHistoryItem),
});
export type OrderView = v.InferOutput<typeof OrderView>;

/** A refused checkout: `fields` holds the message of each invalid checkout field (422). */
export const OrderRefusal = v.object({
  error: v.string(),
  message: v.string(),
  requestId: v.optional(v.string()),
  fields: v.optional(v.record(v.string(), v.string())),
});

export const OrderNumberParams = v.object({
  number: v.pipe(v.string(), v.maxLength(40, 'That is not an order number')),
});
export const OrderLookupQuery = v.object({
  email: v.pipe(v.string('email is required'), v.maxLength(320, 'email is too long')),
});

/** What the track-order form route answers the enhanced page (JSON): the order when one was found. */
export const TrackAnswer = v.object({
  result: v.picklist(['found', 'not-found']),
  tracked: v.optional(FlashTrackedOrder),
});

/** A shopper's cancellation: the address the order was placed with proves it is theirs. */
export const CancelOrderBody = v.object({
  email: v.pipe(v.string('email is required'), v.maxLength(320, 'email is too long')),
});
export type CancelOrderBody = v.InferOutput<typeof CancelOrderBody>;
