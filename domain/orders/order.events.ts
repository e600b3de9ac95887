import * as v from 'valibot';
import type { ORDER_STATUSES } from '../../contracts/orders.ts';
import { eventReader } from '../event-reader.ts';

/** A line as the shopper agreed to it: what, how many, and the unit price at that moment. */
export interface OrderLine {
  productId: number;
  variantId: number;
  name: string;
  size: string;
  color: string;
  quantity: number;
  unitPriceCents: number;
}

/**
 * The first and (for now) only event of an order's stream. Money in integer cents, as the checkout
 * showed it. The customer is named by the keyed hash of their normalised address (the same id a
 * subscriber of that address has), and their contact and shipping details are sealed with that
 * customer's data key: forgetting the address makes them unreadable here too, while the lines and
 * totals stay.
 */
export interface OrderPlaced {
  type: 'OrderPlaced';
  data: {
    schemaVersion: 1;
    orderId: string;
    /** '#DINO-' and six digits, unique among orders. */
    number: string;
    cartId: string;
    lines: OrderLine[];
    subtotalCents: number;
    shippingCents: number;
    discountCents: number;
    promoCode: string | null;
    totalCents: number;
    shippingMethod: string;
    customerId: string;
    /** The sealed JSON of OrderPersonal (personal-seal.ts's format). */
    personal: string;
    at: string;
  };
}

/** What `personal` holds once opened. */
export interface OrderPersonal {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** Units of a variant: what a cancellation or a return gives back. */
export interface OrderUnits {
  variantId: number;
  quantity: number;
}

/** Handed to a carrier. `eta` is the estimated delivery date (YYYY-MM-DD), when the carrier gave one. */
export interface OrderShipped {
  type: 'OrderShipped';
  data: { schemaVersion: 1; orderId: string; carrier: string; trackingNumber: string; eta: string | null; at: string };
}

export interface OrderDelivered {
  type: 'OrderDelivered';
  data: { schemaVersion: 1; orderId: string; at: string };
}

/** Who cancelled: the shopper (from Track Order) or the shop (the operator's CLI). */
export type CancelledBy = 'shopper' | 'shop';

/** Cancelled before it shipped: every line's units go back to stock (`lines`, in the same statement). */
export interface OrderCancelled {
  type: 'OrderCancelled';
  data: { schemaVersion: 1; orderId: string; reason: string; by: CancelledBy; lines: OrderUnits[]; at: string };
}

/** Units of delivered lines came back; `restock`: they go back on sale; `reason`: why, when the shop said. */
export interface ReturnReceived {
  type: 'ReturnReceived';
  data: { schemaVersion: 1; orderId: string; lines: OrderUnits[]; restock: boolean; reason?: string; at: string };
}

/** Money given back (the shop records it; taking payment is a demo). */
export interface RefundIssued {
  type: 'RefundIssued';
  data: { schemaVersion: 1; orderId: string; amountCents: number; reason: string; at: string };
}

export type OrderEvent = OrderPlaced | OrderShipped | OrderDelivered | OrderCancelled | ReturnReceived | RefundIssued;
export const ORDER_EVENT_TYPES = [
  'OrderPlaced',
  'OrderShipped',
  'OrderDelivered',
  'OrderCancelled',
  'ReturnReceived',
  'RefundIssued',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STREAM_PREFIX = 'order-';
export const orderStreamId = (orderId: string) => `${ORDER_STREAM_PREFIX}${orderId}`;

/** The one shipping method the shop offers. */
export const STANDARD_SHIPPING = 'Standard Shipping (3-5 business days)';

const Cents = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const Text = v.pipe(v.string(), v.nonEmpty());
const At = v.pipe(v.string(), v.isoTimestamp());
const Units = v.pipe(
  v.array(
    v.object({ variantId: v.pipe(v.number(), v.integer()), quantity: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
  ),
  v.minLength(1),
);

export const readOrderEvent = eventReader<OrderEvent>({
  OrderPlaced: [
    {
      schema: v.object({
        schemaVersion: v.literal(1),
        orderId: Text,
        number: v.pipe(v.string(), v.regex(/^#DINO-\d{6}$/)),
        cartId: Text,
        lines: v.pipe(
          v.array(
            v.object({
              productId: v.pipe(v.number(), v.integer()),
              variantId: v.pipe(v.number(), v.integer()),
              name: Text,
              size: Text,
              color: Text,
              quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
              unitPriceCents: Cents,
            }),
          ),
          v.minLength(1),
        ),
        subtotalCents: Cents,
        shippingCents: Cents,
        discountCents: Cents,
        promoCode: v.nullable(v.string()),
        totalCents: Cents,
        shippingMethod: Text,
        customerId: Text,
        personal: Text,
        at: v.pipe(v.string(), v.isoTimestamp()),
      }),
    },
  ],
  OrderShipped: [
    {
      schema: v.object({
        schemaVersion: v.literal(1),
        orderId: Text,
        carrier: Text,
        trackingNumber: Text,
        eta: v.nullable(v.pipe(v.string(), v.isoDate())),
        at: At,
      }),
    },
  ],
  OrderDelivered: [{ schema: v.object({ schemaVersion: v.literal(1), orderId: Text, at: At }) }],
  OrderCancelled: [
    {
      schema: v.object({
        schemaVersion: v.literal(1),
        orderId: Text,
        reason: v.string(),
        by: v.picklist(['shopper', 'shop']),
        lines: Units,
        at: At,
      }),
    },
  ],
  ReturnReceived: [
    {
      schema: v.object({
        schemaVersion: v.literal(1),
        orderId: Text,
        lines: Units,
        restock: v.boolean(),
        reason: v.optional(Text),
        at: At,
      }),
    },
  ],
  RefundIssued: [
    {
      schema: v.object({
        schemaVersion: v.literal(1),
        orderId: Text,
        amountCents: v.pipe(Cents, v.minValue(1)),
        reason: v.string(),
        at: At,
      }),
    },
  ],
});
