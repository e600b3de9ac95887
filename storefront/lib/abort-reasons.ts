/** Reasons passed to Vike's `render(404, reason)` so the error page can show the matching screen. */
export const PRODUCT_NOT_FOUND = 'product-not-found';

export function isProductNotFound(reason: unknown): boolean {
  return reason === PRODUCT_NOT_FOUND;
}
