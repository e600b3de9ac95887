import type { PageContextServer } from 'vike/types';

const SALE_MIN_PERCENT = 20;
const SALE_MAX_PERCENT = 49;

/**
 * Every product, each with a random 20–49 % Off badge. The percentages are drawn here, on the server,
 * and travel with the page data, so the browser renders exactly what the HTML shows.
 */
export function data(pageContext: PageContextServer) {
  const { catalogue } = pageContext.renderContext;
  const products = [...catalogue.products()];
  const span = SALE_MAX_PERCENT - SALE_MIN_PERCENT + 1;
  const discounts: Record<number, number> = {};
  for (const product of products) discounts[product.id] = SALE_MIN_PERCENT + Math.floor(Math.random() * span);
  return { products, discounts };
}

export type Data = ReturnType<typeof data>;
