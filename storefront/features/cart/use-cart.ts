import {
  MutationObserver,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Cart, CartItem } from '../../../contracts/cart.ts';
import { emptyCart } from '../../../contracts/cart-rules.ts';
import { CART_MESSAGES } from '../../../contracts/shop-messages.ts';
import type { Product, Variant } from '../../../contracts/catalogue.ts';
import { toast, toastOnNextPage } from '../toast/toast.ts';
import { addedDescription } from './added-toast.tsx';
import { noteRemoval } from './last-removal.ts';
import { browserQueryClient } from './cart-client.tsx';
import { addTarget, applyCartOps, isCartOp, stepperMax, type CartOp } from './cart-ops.ts';
import { isCartDrawerOpen, openCartDrawer } from '../../lib/ui-state.ts';
import {
  CART_MUTATION_SCOPE,
  CartChangedElsewhere,
  type ServerCart,
  cartChangesFound,
  cartKeys,
  cartMutationKey,
  cartQuery,
  currentCartView,
  noteCartChangedElsewhere,
  sendCartOp,
} from './cart.queries.ts';
import { shopperMessage } from '../../lib/api-fetch.ts';

/**
 * Components outside the /cart and /checkout pages (header badge, drawer) only read the cart once the
 * page has hydrated (see lib/hydrated.ts): catalogue HTML never carries a shopper's cart, and those
 * pages' server-rendered cart is in the cache before anyone else asks.
 */
export { useHydrated } from '../../lib/hydrated.ts';

export interface CartView {
  /** The cart as shown: the server's cart with pending changes laid over it. */
  cart: Cart | undefined;
  /** The version of the server's cart this page last saw (its ETag); null when unknown. */
  version: number | null;
  isLoading: boolean;
  isError: boolean;
  /** A change is on its way to the server. */
  isSyncing: boolean;
  retry: () => void;
}

export function useCart(): CartView {
  const query = useQuery(cartQuery());
  const variables = useMutationState({
    filters: { mutationKey: cartMutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables,
  });
  const ops = useMemo(() => variables.filter(isCartOp), [variables]);
  const cart = useMemo(() => (query.data ? applyCartOps(query.data.cart, ops) : undefined), [query.data, ops]);
  return {
    cart,
    version: query.data?.version ?? null,
    isLoading: query.isPending,
    isError: query.isError && !query.data,
    isSyncing: ops.length > 0,
    retry: () => void query.refetch(),
  };
}

export const TRY_AGAIN = CART_MESSAGES.tryAgain;

const FAILURE_TITLES: Record<CartOp['kind'], string> = CART_MESSAGES.failed;
const CHANGED_ELSEWHERE_TOAST = 'cart-changed-elsewhere';

/** `fn` the first time the result is called, nothing after: an Undo pressed twice undoes once. */
function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/** A removal's toast and a clear's share one place: a clear's replaces the Undo of an earlier removal. */
const REMOVED_TOAST = 'cart-removed';
/** The add's toast: the cart drawer takes it away as it opens (it would cover the drawer's first line). */
export const ADDED_TOAST = 'cart-added';

/**
 * The one cart mutation's options. Toasts live in the mutation's own callbacks (not in `mutate`'s), so
 * they still fire when the component that asked has gone (a removed line unmounts at once).
 */
function cartMutationOptions(queryClient: QueryClient): MutationOptions<ServerCart, Error, CartOp> {
  const run = (op: CartOp) =>
    new MutationObserver(queryClient, cartMutationOptions(queryClient)).mutate(op).catch(() => undefined);
  const undo = (line: CartItem) =>
    run({
      kind: 'add',
      product: line.product,
      variant: line.variant,
      quantity: line.quantity,
      target: addTarget(currentCartView(queryClient), line.variant.id, line.quantity),
      source: 'undo',
    });

  return {
    mutationKey: cartMutationKey,
    scope: CART_MUTATION_SCOPE,
    // Sent in turn (one scope): a conditional change goes on the cart as the changes before it left it.
    mutationFn: (op) => sendCartOp(op, queryClient.getQueryData(cartQuery().queryKey)),
    onSuccess: (answer, op) => {
      // The server's answer is the truth; later pending changes are laid over it.
      queryClient.setQueryData(cartQuery().queryKey, answer);
      if (op.kind === 'add' && op.source === 'buy-now') {
        // Links are page loads: the toast goes with the shopper to /checkout.
        toastOnNextPage(CART_MESSAGES.added, CART_MESSAGES.addedDescription(op.product.name));
        window.location.assign('/checkout');
      } else if (op.kind === 'add' && op.source !== 'undo') {
        toast.success(CART_MESSAGES.added, {
          id: ADDED_TOAST,
          description: addedDescription(op),
          action: { label: 'View cart', onClick: openCartDrawer },
        });
      } else if (op.kind === 'remove') {
        const removed = op.line;
        // One Undo, offered by the toast or inside the cart drawer; either undoes it once.
        const undoOnce = removed
          ? once(() => {
              noteRemoval(null);
              void undo(removed);
            })
          : undefined;
        noteRemoval(removed && undoOnce ? { line: removed, undo: undoOnce } : null);
        // In the open drawer its own row says it and offers Undo; a toast would cover that row on a phone.
        if (isCartDrawerOpen()) {
          toast.dismiss(REMOVED_TOAST);
          return;
        }
        toast(CART_MESSAGES.removed, {
          id: REMOVED_TOAST,
          description: CART_MESSAGES.removedDescription,
          ...(undoOnce ? { action: { label: 'Undo', onClick: undoOnce } } : {}),
        });
      } else if (op.kind === 'clear') {
        // An earlier removal's Undo would bring back one line of a cart now empty: it goes.
        noteRemoval(null);
        const lines = op.lines ?? [];
        if (lines.length === 0) {
          toast.dismiss(REMOVED_TOAST);
          return;
        }
        // The lines come back in their order, each with its quantity (sent in turn, one scope).
        const undoClear = once(() => {
          for (const line of lines) void undo(line);
        });
        toast(CART_MESSAGES.cleared, {
          id: REMOVED_TOAST,
          description: CART_MESSAGES.clearedDescription,
          action: { label: 'Undo', onClick: undoClear },
        });
      }
    },
    onError: (error, op) => {
      if (error instanceof CartChangedElsewhere) {
        // Refused (with the cart as it is now) or dropped (decided before the page found out): one
        // toast, by its id, however many changes were stale.
        if (error.current) {
          noteCartChangedElsewhere();
          queryClient.setQueryData(cartQuery().queryKey, error.current);
        }
        toast.error(CART_MESSAGES.changedElsewhere, {
          id: CHANGED_ELSEWHERE_TOAST,
          description: CART_MESSAGES.changedElsewhereDescription,
        });
        return;
      }
      const title = op.kind === 'clear' && op.basis !== undefined ? CART_MESSAGES.orderFailed : FAILURE_TITLES[op.kind];
      toast.error(title, { description: shopperMessage(error, TRY_AGAIN) });
    },
    onSettled: () => {
      // Reload the cart after every change; once the queue drains, so that rapid clicks cost one
      // reload and the last answer wins.
      if (queryClient.isMutating({ mutationKey: cartMutationKey }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: cartKeys.cart });
      }
    },
  };
}

function useCartMutation() {
  const queryClient = useQueryClient();
  const mutation = useMutation(cartMutationOptions(queryClient));
  return { mutation, queryClient };
}

export type AddSource = 'card' | 'product' | 'buy-now';

export interface CartActions {
  /** This component's last change is still on its way. */
  isPending: boolean;
  add(product: Product, variant: Variant, quantity: number, source: AddSource): void;
  /** Steps a line by +1 or -1 from what the screen shows at the moment of the click, within 1..stock. */
  step(itemId: string, delta: 1 | -1): void;
  remove(itemId: string): void;
  clear(): void;
  /** The checkout's order emptied the cart on the server: show it empty, then reload it. */
  orderPlaced(): void;
  /** Reloads the cart (an order was refused: the page shows the lines and their stock as they are now). */
  refresh(): void;
}

export function useCartActions(): CartActions {
  const { mutation, queryClient } = useCartMutation();
  const lineNow = (itemId: string) => currentCartView(queryClient)?.items.find((item) => item.id === itemId);

  return {
    isPending: mutation.isPending,
    add(product, variant, quantity, source) {
      mutation.mutate(addOp(queryClient, product, variant, quantity, source));
    },
    step(itemId, delta) {
      const line = lineNow(itemId);
      if (!line) return;
      const quantity = Math.min(stepperMax(line), Math.max(1, line.quantity + delta));
      if (quantity === line.quantity) return;
      mutation.mutate({ kind: 'update', itemId, quantity, basis: cartChangesFound() });
    },
    remove(itemId) {
      const line = lineNow(itemId);
      if (!line) return;
      mutation.mutate({ kind: 'remove', itemId, line });
    },
    clear() {
      // Lines still being added count too: their adds go out before the clear, which empties them.
      const lines = currentCartView(queryClient)?.items;
      mutation.mutate({ kind: 'clear', ...(lines ? { lines } : {}) });
    },
    orderPlaced() {
      const now = queryClient.getQueryData(cartQuery().queryKey);
      if (now) queryClient.setQueryData(cartQuery().queryKey, { ...now, cart: emptyCart(now.cart.id) });
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart });
    },
    refresh() {
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart });
    },
  };
}

/** The add as the screen shows it from the moment of the click (its target builds on pending adds). */
function addOp(
  queryClient: QueryClient,
  product: Product,
  variant: Variant,
  quantity: number,
  source: AddSource,
): CartOp {
  const cartProduct: CartItem['product'] = {
    id: product.id,
    name: product.name,
    slug: product.slug,
    imageUrl: product.imageUrl,
    price: product.price,
  };
  const cartVariant: CartItem['variant'] = {
    id: variant.id,
    color: variant.color,
    colorHex: variant.colorHex,
    size: variant.size,
    stock: variant.stock,
  };
  const target = addTarget(currentCartView(queryClient), variant.id, quantity);
  return { kind: 'add', product: cartProduct, variant: cartVariant, quantity, target, source };
}

/**
 * Add to Cart from outside React's cart tree (the catalogue's buttons load this module on their first
 * click): the same mutation as useCartActions().add, on the page load's QueryClient. Settles (never
 * rejects) when the server has answered; the mutation's own callbacks toast.
 */
export async function addToCart(
  product: Product,
  variant: Variant,
  quantity: number,
  source: AddSource,
): Promise<void> {
  const queryClient = browserQueryClient();
  await new MutationObserver(queryClient, cartMutationOptions(queryClient))
    .mutate(addOp(queryClient, product, variant, quantity, source))
    .catch(() => undefined);
}
