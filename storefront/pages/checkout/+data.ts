import type { PageContextServer } from 'vike/types';
import { redirect } from 'vike/abort';
import { prefillCart } from '../../features/cart/cart.prefill.ts';

export function data(pageContext: PageContextServer) {
  const { cart, dehydratedState } = prefillCart(pageContext);
  // An empty cart goes to /cart, unless the order was just completed: a plain form post lands here
  // with the confirmation in its flash; a reload after an order finds it in the tab's storage.
  if (cart && cart.items.length === 0 && !pageContext.flash?.order && !pageContext.renderContext.justOrdered)
    throw redirect('/cart');
  // The promo code applied on the cart page (kept in the session) counts here too.
  return { dehydratedState, promoApplied: pageContext.renderContext.promoApplied ?? false };
}

export type Data = ReturnType<typeof data>;
