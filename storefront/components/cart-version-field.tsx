import { CART_VERSION_FIELD } from '../../contracts/cart.ts';

/**
 * A cart form's hidden field holding the cart version the page was rendered with, for the form's
 * post without JavaScript: the server makes the change only on that cart. With JavaScript the form
 * is not posted; the same condition goes as If-Match (features/cart/cart.queries.ts).
 */
export function CartVersionField({ version }: { version: number | null | undefined }) {
  return version === null || version === undefined ? null : (
    <input type="hidden" name={CART_VERSION_FIELD} value={version} />
  );
}
