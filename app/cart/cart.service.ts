import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AddToCart, Cart } from '../../contracts/cart.ts';
import { emptyCart } from '../../contracts/cart-rules.ts';
import { VersionMismatch } from '../../eventstore/command-handler.ts';
import type { EventStore } from '../../eventstore/store.ts';
import type { CatalogueReader } from '../../projections/catalogue/catalogue.reader.ts';
import { cartFromLines } from '../../projections/carts/cart-view.ts';
import { type CartLineRow, cartWithVersion } from '../../projections/carts/carts.queries.ts';
import { notFound } from '../../domain/domain-error.ts';
import { type CartCommand, type CartState, decide, evolve, initialState } from '../../domain/cart/cart.decider.ts';
import { cartIdOfStream, cartStreamId, readCartEvent } from '../../domain/cart/cart.events.ts';
import type { CommandKey } from '../../eventstore/command-keys.ts';

export interface CartServiceDeps {
  store: EventStore;
  catalogue: CatalogueReader;
  now?: () => Date;
  newId?: () => string;
}

export type CartService = ReturnType<typeof createCartService>;

/** Carts whose state a process keeps for their next change: a few hundred bytes each. */
const CART_STATES_CACHED = 10_000;

/** A cart with its stream version (0 before the first event): the version is the cart's ETag. */
export interface VersionedCart {
  cart: Cart;
  version: number;
}

export interface WriteOptions {
  /** Apply only if the cart is still at this version (If-Match); otherwise VersionMismatch. */
  ifVersion?: number;
  /** The request's idempotency key (see eventstore/command-keys.ts). */
  key?: CommandKey | undefined;
}

/** Cart commands (decide → append → project) and the cart read model in API shape. */
export function createCartService({ store, catalogue, now = () => new Date(), newId = randomUUID }: CartServiceDeps) {
  const decider = { readEvent: readCartEvent, initialState, evolve, decide };
  // Carts as this process last wrote them: a shopper's next change appends without reading the
  // stream first (one round trip). Bounded; another instance's write makes an entry stale, which the
  // version-checked append detects (see eventstore/command-handler.ts).
  const cartStates = new LRUCache<string, { state: CartState; version: number }>({ max: CART_STATES_CACHED });
  const { db } = store;

  /** Decides and records; answers with the cart as the decision left it (no re-read needed). */
  async function run(
    cartId: string,
    makeCommand: (state: CartState) => CartCommand,
    options: WriteOptions,
    newCart = false,
  ): Promise<VersionedCart> {
    const { streamId, state, version } = await store.handle(cartStreamId(cartId), decider, makeCommand, {
      newStream: newCart,
      cache: cartStates,
      ...(options.ifVersion !== undefined ? { ifVersion: options.ifVersion } : {}),
      ...(options.key ? { key: options.key } : {}),
    });
    // A retried first add answers with the cart its first attempt made, not the id drawn for this one.
    return { cart: toCart(cartIdOfStream(streamId), state.lines), version };
  }

  /** Without a cart yet, only a condition on version 0 (nothing seen) can hold. */
  function checkNoCart(options: WriteOptions): void {
    if (options.ifVersion !== undefined && options.ifVersion !== 0)
      throw new VersionMismatch('cart', options.ifVersion, 0);
  }

  const variantFacts = (variantId: number) => {
    const variant = catalogue.variant(variantId);
    return variant && { id: variant.id, productId: variant.productId, stock: catalogue.stockOf(variant.id) ?? 0 };
  };

  const toCart = (cartId: string, lines: readonly CartLineRow[]): Cart => cartFromLines(cartId, lines, catalogue);

  async function read(cartId: string | null): Promise<Cart> {
    return cartId ? toCart(cartId, (await cartWithVersion(db, cartId)).lines) : emptyCart();
  }

  return {
    read,
    /** The cart and its version, read together from the read model. */
    async readVersioned(cartId: string | null): Promise<VersionedCart> {
      if (!cartId) return { cart: emptyCart(), version: 0 };
      const { version, lines } = await cartWithVersion(db, cartId);
      return { cart: toCart(cartId, lines), version };
    },
    /** Adds to the given cart, or to a new one when cartId is null. */
    async addItem(cartId: string | null, input: AddToCart, options: WriteOptions = {}): Promise<VersionedCart> {
      if (!cartId) checkNoCart(options);
      const id = cartId ?? newId();
      const lineId = newId();
      return run(
        id,
        () => ({
          type: 'AddItem',
          productId: input.productId,
          variantId: input.variantId,
          quantity: input.quantity,
          productExists: catalogue.productById(input.productId) !== undefined,
          variant: variantFacts(input.variantId),
          newLineId: lineId,
          at: now().toISOString(),
        }),
        options,
        !cartId,
      );
    },
    async changeQuantity(
      cartId: string | null,
      lineId: string,
      quantity: number,
      options: WriteOptions = {},
    ): Promise<VersionedCart> {
      if (!cartId) {
        checkNoCart(options);
        throw notFound('That item is not in your cart');
      }
      return run(
        cartId,
        (state) => {
          const line = state.lines.find((l) => l.lineId === lineId);
          return {
            type: 'ChangeQuantity',
            lineId,
            quantity,
            variant: line && variantFacts(line.variantId),
            at: now().toISOString(),
          };
        },
        options,
      );
    },
    async removeItem(cartId: string | null, lineId: string, options: WriteOptions = {}): Promise<VersionedCart> {
      if (!cartId) {
        checkNoCart(options);
        throw notFound('That item is not in your cart');
      }
      return run(cartId, () => ({ type: 'RemoveItem', lineId, at: now().toISOString() }), options);
    },
    async clear(cartId: string | null, options: WriteOptions = {}): Promise<VersionedCart> {
      if (!cartId) {
        checkNoCart(options);
        return { cart: emptyCart(), version: 0 };
      }
      return run(cartId, () => ({ type: 'ClearCart', at: now().toISOString() }), options);
    },
  };
}
