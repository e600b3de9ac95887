import type { PageContextServer } from 'vike/types';
import { prefillCart } from '../../features/cart/cart.prefill.ts';

export async function data(pageContext: PageContextServer) {
  const { dehydratedState } = await prefillCart(pageContext);
  return { dehydratedState };
}

export type Data = Awaited<ReturnType<typeof data>>;
