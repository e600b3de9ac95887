import { useQueryClient } from '@tanstack/react-query';
import { CartVersionField } from '../../components/cart-version-field.tsx';
import { cartQuery } from './cart.queries.ts';

/** The version field of the cart this page last saw (the cached cart's). */
export function SeenCartVersion() {
  return <CartVersionField version={useQueryClient().getQueryData(cartQuery().queryKey)?.version} />;
}
