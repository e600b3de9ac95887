import { useQueryClient } from '@tanstack/react-query';
import { CART_VERSION_FIELD } from '../../../contracts/cart.ts';
import { cartQuery } from './cart.queries.ts';

/**
 * A cart form's hidden field holding the cart version the page was rendered with, for the form's
 * post without JavaScript: the server makes the change only on that cart. With JavaScript the form
 * is not posted; the same condition goes as If-Match (cart.queries.ts).
 */
export function SeenCartVersion() {
  const version = useQueryClient().getQueryData(cartQuery().queryKey)?.version;
  return version === null || version === undefined ? null : <input type="hidden" name={CART_VERSION_FIELD} value={version} />;
}
