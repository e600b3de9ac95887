import type { PageContextServer } from 'vike/types';
import { variantsByProduct } from '../../features/catalogue/catalogue.data.ts';

export function data(pageContext: PageContextServer) {
  const { catalogue } = pageContext.services;
  const bestsellers = [...catalogue.bestsellers()];
  return {
    categories: [...catalogue.categories()],
    bestsellers,
    variants: variantsByProduct(catalogue, bestsellers),
    testimonials: [...catalogue.testimonials()],
  };
}

export type Data = ReturnType<typeof data>;
