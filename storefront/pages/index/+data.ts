import type { PageContextServer } from 'vike/types';
import { CataloguePrefill } from '../../features/catalogue/catalogue.prefill.ts';

export function data(pageContext: PageContextServer) {
  const prefill = new CataloguePrefill(pageContext.services.catalogue);
  prefill.categories();
  prefill.bestsellers();
  prefill.testimonials();
  return { dehydratedState: prefill.dehydrate() };
}

export type Data = ReturnType<typeof data>;
