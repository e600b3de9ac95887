import type { PageContextServer } from 'vike/types';
import { redirect } from 'vike/abort';
import { prefillCart } from '../../features/cart/cart.prefill.ts';

export async function data(pageContext: PageContextServer) {
  const { cart, dehydratedState } = await prefillCart(pageContext);
  // Spec 2: an empty cart goes to /cart (an order just completed is a client-side state, never a reload).
  if (cart && cart.items.length === 0) throw redirect('/cart');
  return { dehydratedState };
}

export type Data = Awaited<ReturnType<typeof data>>;
