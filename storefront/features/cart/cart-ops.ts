import type { Cart, CartItem } from '../../../contracts/cart.ts';
import { cartOf, emptyCart, maxLineQuantity } from '../../../contracts/cart-rules.ts';

/**
 * One change a shopper asked for. Pending changes are laid over the server's cart to give the cart the
 * screen shows (optimistic UI); when a change fails it simply stops being pending, so the screen rolls
 * back to the server's answer without any snapshot bookkeeping.
 *
 * Every op is idempotent over a cart that already contains it (quantities are absolute targets), so
 * laying a change over a server cart that has already applied it changes nothing.
 */
export type CartOp =
  | {
      kind: 'add';
      product: CartItem['product'];
      variant: CartItem['variant'];
      /** What POST /api/cart sends: how many to add. */
      quantity: number;
      /** The line's quantity once this add has happened (what the screen shows meanwhile). */
      target: number;
      /** Who asked: 'buy-now' goes on to /checkout, 'undo' restores a removed line quietly. */
      source: 'card' | 'product' | 'buy-now' | 'undo';
    }
  | { kind: 'update'; itemId: string; quantity: number; basis: number }
  /** `line` is the line as shown when Remove was pressed: what Undo puts back. */
  | { kind: 'remove'; itemId: string; line?: CartItem }
  /**
   * With a `basis`, the checkout's: it empties the cart only as the shopper saw it. `lines` are the
   * lines as shown when Clear cart was pressed: what Undo puts back.
   */
  | { kind: 'clear'; basis?: number; lines?: CartItem[] };

/**
 * A change decided from the quantities on screen carries a `basis`: how many times this page had
 * found its cart changed elsewhere when the shopper clicked (cart.queries.ts). It is sent only if the
 * server's cart is still at the version the changes sent before it left (If-Match); one decided
 * before the page last found its cart changed elsewhere is dropped, not sent over the fresh cart.
 * Adds and removes carry none: their intent does not depend on the quantities shown.
 */
export const isConditional = (op: CartOp): op is Extract<CartOp, { basis?: number }> & { basis: number } =>
  (op.kind === 'update' || op.kind === 'clear') && op.basis !== undefined;

/** Lines the server has not confirmed yet carry this id prefix: no stepper or Remove on them yet. */
export const PENDING_LINE_PREFIX = 'pending:';

export function isPendingLine(item: Pick<CartItem, 'id'>): boolean {
  return item.id.startsWith(PENDING_LINE_PREFIX);
}

export const EMPTY_CART: Cart = emptyCart();

/** A line's stepper bound: the cart rule's maximum, but never below 1 (a sold-out line still shows its quantity). */
export function stepperMax(item: Pick<CartItem, 'variant'>): number {
  return Math.max(1, maxLineQuantity(item.variant.stock));
}

const withItems = (cart: Cart, items: CartItem[]): Cart => cartOf(cart.id, items);

export function applyCartOp(cart: Cart, op: CartOp): Cart {
  switch (op.kind) {
    case 'add': {
      const existing = cart.items.find((item) => item.variant.id === op.variant.id);
      if (existing) {
        return withItems(
          cart,
          cart.items.map((item) => (item === existing ? { ...item, quantity: op.target } : item)),
        );
      }
      const line: CartItem = {
        id: `${PENDING_LINE_PREFIX}${op.variant.id}`,
        quantity: op.target,
        product: op.product,
        variant: op.variant,
      };
      return withItems(cart, [...cart.items, line]);
    }
    case 'update':
      // A quantity of 0 or less removes the line.
      if (op.quantity <= 0)
        return withItems(
          cart,
          cart.items.filter((item) => item.id !== op.itemId),
        );
      return withItems(
        cart,
        cart.items.map((item) => (item.id === op.itemId ? { ...item, quantity: op.quantity } : item)),
      );
    case 'remove':
      return withItems(
        cart,
        cart.items.filter((item) => item.id !== op.itemId),
      );
    case 'clear':
      // The checkout's clear is the order being placed: its page keeps showing the lines until it is.
      return op.basis === undefined ? withItems(cart, []) : cart;
    default:
      return assertNever(op);
  }
}

/** The cart to show: the server's cart with every pending change laid over it, oldest first. */
export function applyCartOps(cart: Cart, ops: readonly CartOp[]): Cart {
  return ops.reduce(applyCartOp, cart);
}

/** The target quantity of adding `quantity` of a variant to the cart as currently shown. */
export function addTarget(cart: Cart | undefined, variantId: number, quantity: number): number {
  const existing = cart?.items.find((item) => item.variant.id === variantId);
  return (existing?.quantity ?? 0) + quantity;
}

/** Narrows a mutation's variables (typed unknown by TanStack's mutation cache) back to a CartOp. */
export function isCartOp(value: unknown): value is CartOp {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  return value.kind === 'add' || value.kind === 'update' || value.kind === 'remove' || value.kind === 'clear';
}

function assertNever(value: never): never {
  throw new Error(`unhandled cart op: ${JSON.stringify(value)}`);
}
