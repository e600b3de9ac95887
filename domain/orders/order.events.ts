import * as v from 'valibot';
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

export type OrderEvent = OrderPlaced;
export const ORDER_EVENT_TYPES = ['OrderPlaced'] as const;

export const ORDER_STREAM_PREFIX = 'order-';
export const orderStreamId = (orderId: string) => `${ORDER_STREAM_PREFIX}${orderId}`;

/** The one shipping method the shop offers. */
export const STANDARD_SHIPPING = 'Standard Shipping (3-5 business days)';

const Cents = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const Text = v.pipe(v.string(), v.nonEmpty());

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
});
