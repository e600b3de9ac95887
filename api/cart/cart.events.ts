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

export interface ItemRemoved {
  type: 'ItemRemoved';
  data: { schemaVersion: 1; lineId: string; at: string };
}

export interface CartCleared {
  type: 'CartCleared';
  data: { schemaVersion: 1; at: string };
}

export type CartEvent = ItemAdded | QuantityChanged | ItemRemoved | CartCleared;
export type CartEventType = CartEvent['type'];

export const CART_EVENT_TYPES: readonly CartEventType[] = ['ItemAdded', 'QuantityChanged', 'ItemRemoved', 'CartCleared'];

export const CART_STREAM_PREFIX = 'cart-';
export const cartStreamId = (cartId: string) => `${CART_STREAM_PREFIX}${cartId}`;
export const cartIdOfStream = (streamId: string) => streamId.slice(CART_STREAM_PREFIX.length);

export function isCartEvent(event: { type: string }): event is CartEvent {
  return (CART_EVENT_TYPES as readonly string[]).includes(event.type);
}
