import type { PageContextServer } from 'vike/types';
import { prefillCart } from '../../features/cart/cart.prefill.ts';

export function data(pageContext: PageContextServer) {
  const { dehydratedState } = prefillCart(pageContext);
  // The promo code lives in the session (applied with or without JavaScript), so checkout honours it.
  return { dehydratedState, promoApplied: pageContext.renderContext.promoApplied ?? false };
}

export type Data = ReturnType<typeof data>;
