import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { Cart } from '../../../contracts/cart.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { applyCartOps, isCartOp, type CartOp } from './cart-ops.ts';

/**
 * The shopper's cart over /api/cart. One query holds the server's cart; every change is a mutation
 * under `cartMutationKey` whose pending variables are laid over it (see cart-ops.ts). All cart
 * mutations share one scope, so TanStack Query sends them one at a time in click order: the last click
 * is the last word, and the screen and the server cannot disagree once the queue drains.
 */
export const cartKeys = { cart: ['cart'] as const };
export const cartMutationKey = ['cart'] as const;
export const CART_MUTATION_SCOPE = { id: 'cart' } as const;

export const cartQuery = () => queryOptions({ queryKey: cartKeys.cart, queryFn: () => apiFetch('/api/cart', Cart) });

const json = (body: unknown) => JSON.stringify(body);
const item = (itemId: string) => `/api/cart/${encodeURIComponent(itemId)}`;

/** Sends one change; every write answers with the updated cart. */
export function sendCartOp(op: CartOp): Promise<Cart> {
  switch (op.kind) {
    case 'add':
      return apiFetch('/api/cart', Cart, {
        method: 'POST',
        body: json({ productId: op.product.id, variantId: op.variant.id, quantity: op.quantity }),
      });
    case 'update':
      return apiFetch(item(op.itemId), Cart, { method: 'PUT', body: json({ quantity: op.quantity }) });
    case 'remove':
      return apiFetch(item(op.itemId), Cart, { method: 'DELETE' });
    case 'clear':
      return apiFetch('/api/cart', Cart, { method: 'DELETE' });
  }
}

/** Changes asked for and not yet answered, oldest first. */
export function pendingCartOps(queryClient: QueryClient): CartOp[] {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: cartMutationKey, status: 'pending' })
    .sort((a, b) => a.mutationId - b.mutationId)
    .map((mutation) => mutation.state.variables)
    .filter(isCartOp);
}

/** The cart as the screen shows it right now (read at click time, so rapid clicks build on each other). */
export function currentCartView(queryClient: QueryClient): Cart | undefined {
  const cart = queryClient.getQueryData(cartQuery().queryKey);
  return cart ? applyCartOps(cart, pendingCartOps(queryClient)) : undefined;
}
