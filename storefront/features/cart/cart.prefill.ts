import { dehydrate } from '@tanstack/react-query';
import type { PageContextServer } from 'vike/types';
import { makeQueryClient } from '../../lib/query-client.ts';
import { cartQuery } from './cart.queries.ts';

/**
 * Server side of the cart query for /cart and /checkout: the server hands those pages the shopper's
 * cart (pageContext.renderContext.cart, read in-process), and it goes into the same key the browser's
 * useQuery reads, so the page renders with it and does not refetch on load. Links are page loads
 * (server routing), so this runs for every visit; where `renderContext.cart` is absent the page renders
 * its loading state and the browser's useQuery asks GET /api/cart.
 */
export function prefillCart(pageContext: PageContextServer) {
  const { cart, cartVersion } = pageContext.renderContext;
  const client = makeQueryClient();
  if (cart) client.setQueryData(cartQuery().queryKey, { cart, version: cartVersion ?? null });
  return { cart, dehydratedState: dehydrate(client) };
}
