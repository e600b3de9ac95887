import { randomUUID } from 'node:crypto';
import type { AddToCart, Cart, CartItem } from '../../contracts/cart.ts';
import { centsToDecimal, decimalToCents } from '../../contracts/money-format.ts';
import type { Database } from '../../db/database.ts';
import { handleCommand } from '../../eventstore/command-handler.ts';
import type { CatalogueReader } from '../../projections/catalogue/catalogue.reader.ts';
import { type CartLineRow, cartLines } from '../../projections/carts/carts.queries.ts';
import { appendWithProjections } from '../../projections/registry.ts';
import { notFound } from '../domain-error.ts';
import { type CartCommand, type CartState, decide, evolve, initialState } from './cart.decider.ts';
import { cartStreamId } from './cart.events.ts';

export interface CartServiceDeps {
  db: Database;
  catalogue: CatalogueReader;
  now?: () => Date;
  newId?: () => string;
}

export type CartService = ReturnType<typeof createCartService>;

export const emptyCart = (id: string | null = null): Cart => ({ id, items: [], total: '0.00', itemCount: 0 });

/** Cart commands (decide → append → project) and the cart read model in API shape. */
export function createCartService({ db, catalogue, now = () => new Date(), newId = randomUUID }: CartServiceDeps) {
  const decider = { initialState, evolve, decide };

  /** Decides and records; answers with the cart as the decision left it (no re-read needed). */
  async function run(cartId: string, makeCommand: (state: CartState) => CartCommand): Promise<Cart> {
    const { state } = await handleCommand(db, cartStreamId(cartId), decider, makeCommand, { append: appendWithProjections });
    return toCart(cartId, state.lines);
  }

  const variantFacts = (variantId: number) => {
    const variant = catalogue.variant(variantId);
    return variant && { id: variant.id, productId: variant.productId, stock: variant.stock };
  };

  /** Cart lines (from the read model or a folded stream) in API shape, priced from the catalogue. */
  function toCart(cartId: string, lines: readonly CartLineRow[]): Cart {
    const items: CartItem[] = [];
    let totalCents = 0;
    let itemCount = 0;
    for (const line of lines) {
      const product = catalogue.productById(line.productId);
      const variant = catalogue.variant(line.variantId);
      // A product removed from the catalogue by a reset drops out of the cart view (its events stay).
      if (!product || !variant) continue;
      totalCents += decimalToCents(product.price) * line.quantity;
      itemCount += line.quantity;
      items.push({
        id: line.lineId,
        quantity: line.quantity,
        product: { id: product.id, name: product.name, slug: product.slug, imageUrl: product.imageUrl, price: product.price },
        variant: { id: variant.id, color: variant.color, colorHex: variant.colorHex, size: variant.size, stock: variant.stock },
      });
    }
    return { id: cartId, items, total: centsToDecimal(totalCents), itemCount };
  }

  async function read(cartId: string | null): Promise<Cart> {
    return cartId ? toCart(cartId, await cartLines(db, cartId)) : emptyCart();
  }

  return {
    read,
    /** Adds to the given cart, or to a new one when cartId is null. */
    async addItem(cartId: string | null, input: AddToCart): Promise<Cart> {
      const id = cartId ?? newId();
      const lineId = newId();
      return run(id, () => ({
        type: 'AddItem',
        productId: input.productId,
        variantId: input.variantId,
        quantity: input.quantity,
        productExists: catalogue.productById(input.productId) !== undefined,
        variant: variantFacts(input.variantId),
        newLineId: lineId,
        at: now().toISOString(),
      }));
    },
    async changeQuantity(cartId: string | null, lineId: string, quantity: number): Promise<Cart> {
      if (!cartId) throw notFound('That item is not in your cart');
      return run(cartId, (state) => {
        const line = state.lines.find((l) => l.lineId === lineId);
        return { type: 'ChangeQuantity', lineId, quantity, variant: line && variantFacts(line.variantId), at: now().toISOString() };
      });
    },
    async removeItem(cartId: string | null, lineId: string): Promise<Cart> {
      if (!cartId) throw notFound('That item is not in your cart');
      return run(cartId, () => ({ type: 'RemoveItem', lineId, at: now().toISOString() }));
    },
    async clear(cartId: string | null): Promise<Cart> {
      if (!cartId) return emptyCart();
      return run(cartId, () => ({ type: 'ClearCart', at: now().toISOString() }));
    },
  };
}
