import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { Cart } from '../../../contracts/cart.ts';
import { etagOf, versionOfEtag } from '../../../contracts/cart-etag.ts';
import * as v from 'valibot';
import { ApiRequestError, apiRequest } from '../../lib/api-fetch.ts';
import { applyCartOps, isCartOp, isConditional, type CartOp } from './cart-ops.ts';

/**
 * The shopper's cart over /api/cart. One query holds the server's cart; every change is a mutation
 * under `cartMutationKey` whose pending variables are laid over it (see cart-ops.ts). All cart
 * mutations share one scope, so TanStack Query sends them one at a time in click order: the last click
 * is the last word, and the screen and the server cannot disagree once the queue drains.
 */
export const cartKeys = { cart: ['cart'] as const };
export const cartMutationKey = ['cart'] as const;
export const CART_MUTATION_SCOPE = { id: 'cart' } as const;

/** The server's cart and its stream version (its ETag), which a conditional change sends back as If-Match. */
export interface ServerCart {
  cart: Cart;
  /** null when the answer carried no ETag: changes are then sent without a condition. */
  version: number | null;
}

const versionOf = (headers: Headers | undefined): number | null => versionOfEtag(headers?.get('etag') ?? '');

/**
 * A conditional change found the cart changed elsewhere (another tab, another device) since this page
 * last saw it, and changed nothing. `current` is the cart as it is now; null when the change was
 * dropped without being sent, because it was decided before the page last found that out.
 */
export class CartChangedElsewhere extends Error {
  constructor(readonly current: ServerCart | null) {
    super('The cart was changed elsewhere');
    this.name = 'CartChangedElsewhere';
  }
}

// How many times this page has found its cart changed elsewhere (see isConditional in cart-ops.ts).
let changesFound = 0;
export const cartChangesFound = () => changesFound;
export const noteCartChangedElsewhere = () => void changesFound++;

async function cartRequest(path: string, init?: RequestInit): Promise<ServerCart> {
  const response = await apiRequest(path, init);
  return { cart: v.parse(Cart, await response.json()), version: versionOf(response.headers) };
}

export const cartQuery = () => queryOptions({ queryKey: cartKeys.cart, queryFn: () => cartRequest('/api/cart') });

const json = (body: unknown) => JSON.stringify(body);
const item = (itemId: string) => `/api/cart/${encodeURIComponent(itemId)}`;

/** The request that makes one change; every write answers with the updated cart. */
function request(op: CartOp): [string, RequestInit] {
  switch (op.kind) {
    case 'add':
      return [
        '/api/cart',
        { method: 'POST', body: json({ productId: op.product.id, variantId: op.variant.id, quantity: op.quantity }) },
      ];
    case 'update':
      return [item(op.itemId), { method: 'PUT', body: json({ quantity: op.quantity }) }];
    case 'remove':
      return [item(op.itemId), { method: 'DELETE' }];
    case 'clear':
      return ['/api/cart', { method: 'DELETE' }];
  }
}

/**
 * Sends one change and answers the cart after it. A conditional change (isConditional) goes only on
 * the cart as this page last saw it (`seen`, the cached cart, as the changes sent before it left it);
 * else it rejects with CartChangedElsewhere.
 */
export async function sendCartOp(op: CartOp, seen: ServerCart | undefined): Promise<ServerCart> {
  const [path, init] = request(op);
  if (!isConditional(op)) {
    const answer = await cartRequest(path, init);
    // A command records at most one event (held by the decider's tests): an answer further on brings
    // changes made elsewhere, so the changes on screen decided before it are stale.
    if (seen?.version != null && answer.version !== null && answer.version > seen.version + 1)
      noteCartChangedElsewhere();
    return answer;
  }
  if (op.basis !== changesFound) throw new CartChangedElsewhere(null);
  const version = seen?.version ?? null;
  try {
    return await cartRequest(path, version === null ? init : { ...init, headers: { 'if-match': etagOf(version) } });
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 412) throw error;
    throw new CartChangedElsewhere({ cart: v.parse(Cart, JSON.parse(error.body)), version: versionOf(error.headers) });
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
  const seen = queryClient.getQueryData(cartQuery().queryKey);
  return seen ? applyCartOps(seen.cart, pendingCartOps(queryClient)) : undefined;
}
