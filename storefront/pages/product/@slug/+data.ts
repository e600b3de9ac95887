import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { CataloguePrefill } from '../../../features/catalogue/catalogue.prefill.ts';
import { PRODUCT_NOT_FOUND } from '../../../lib/abort-reasons.ts';

export function data(pageContext: PageContextServer) {
  const slug = pageContext.routeParams.slug ?? '';
  const prefill = new CataloguePrefill(pageContext.services.catalogue);
  const found = prefill.product(slug);
  // Unknown product: HTTP 404 with the product failure screen (see pages/_error).
  if (!found) throw render(404, PRODUCT_NOT_FOUND);
  const { product, variants } = found;
  return {
    dehydratedState: prefill.dehydrate(),
    product,
    inStock: variants.some((v) => v.stock > 0),
    publicUrl: pageContext.services.publicUrl,
  };
}

export type Data = ReturnType<typeof data>;
