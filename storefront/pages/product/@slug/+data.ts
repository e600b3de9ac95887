import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { PRODUCT_NOT_FOUND } from '../../../lib/abort-reasons.ts';

export function data(pageContext: PageContextServer) {
  const { catalogue, publicUrl } = pageContext.renderContext;
  const product = catalogue.product(pageContext.routeParams.slug ?? '');
  // Unknown product: HTTP 404 with the product failure screen (see pages/_error).
  if (!product) throw render(404, PRODUCT_NOT_FOUND);
  return { product, inStock: product.variants.some((v) => v.stock > 0), publicUrl };
}

export type Data = ReturnType<typeof data>;
