import * as v from 'valibot';
import { eventReader } from '../event-reader.ts';

/**
 * Cart events, as stored in the log forever. `schemaVersion` lets a later shape coexist with these:
 * upcast old versions when reading instead of rewriting history.
 */
export interface ItemAdded {
  type: 'ItemAdded';
  data: { schemaVersion: 1; lineId: string; productId: number; variantId: number; quantity: number; at: string };
}

export interface QuantityChanged {
  type: 'QuantityChanged';
  data: { schemaVersion: 1; lineId: string; quantity: number; at: string };
}

/**
 * A line taken out of the cart. It names what the line held, so the log says which product was taken
 * out without a look back at the add; removals recorded before it did carry only the line's id.
 */
export interface ItemRemoved {
  type: 'ItemRemoved';
  data: { schemaVersion: 1; lineId: string; productId?: number; variantId?: number; at: string };
}

export interface CartCleared {
  type: 'CartCleared';
  data: { schemaVersion: 1; at: string };
}

/** The cart became an order (recorded with the order's OrderPlaced, in one transaction): it empties as on a clear. */
export interface CartCheckedOut {
  type: 'CartCheckedOut';
  data: { schemaVersion: 1; orderId: string; at: string };
}

export type CartEvent = ItemAdded | QuantityChanged | ItemRemoved | CartCleared | CartCheckedOut;
export type CartEventType = CartEvent['type'];

export const CART_EVENT_TYPES: readonly CartEventType[] = [
  'ItemAdded',
  'QuantityChanged',
  'ItemRemoved',
  'CartCleared',
  'CartCheckedOut',
];

export const CART_STREAM_PREFIX = 'cart-';
export const cartStreamId = (cartId: string) => `${CART_STREAM_PREFIX}${cartId}`;
export const cartIdOfStream = (streamId: string) => streamId.slice(CART_STREAM_PREFIX.length);

export function isCartEvent(event: { type: string }): event is CartEvent {
  return (CART_EVENT_TYPES as readonly string[]).includes(event.type);
}

const Uuidish = v.pipe(v.string(), v.nonEmpty());
const Timestamp = v.pipe(v.string(), v.isoTimestamp());
const Id = v.pipe(v.number(), v.integer());
const Quantity = v.pipe(v.number(), v.integer(), v.minValue(1));

/** Reads a stored cart event: schema per type and version, older versions upcast (none yet). */
export const readCartEvent = eventReader<CartEvent>({
  ItemAdded: [
    {
      schema: v.object({
        schemaVersion: v.literal(1),
        lineId: Uuidish,
        productId: Id,
        variantId: Id,
        quantity: Quantity,
        at: Timestamp,
      }),
    },
  ],
  QuantityChanged: [
    { schema: v.object({ schemaVersion: v.literal(1), lineId: Uuidish, quantity: Quantity, at: Timestamp }) },
  ],
  ItemRemoved: [
    {
      schema: v.object({
        schemaVersion: v.literal(1),
        lineId: Uuidish,
        productId: v.optional(Id),
        variantId: v.optional(Id),
        at: Timestamp,
      }),
    },
  ],
  CartCleared: [{ schema: v.object({ schemaVersion: v.literal(1), at: Timestamp }) }],
  CartCheckedOut: [{ schema: v.object({ schemaVersion: v.literal(1), orderId: Uuidish, at: Timestamp }) }],
});
