import { HydrationBoundary } from '@tanstack/react-query';
import { useData } from 'vike-react/useData';
import { CartQueryProvider } from '../../features/cart/cart-client.tsx';
import type { Data } from './+data.ts';
import { CheckoutScreen } from './checkout-screen.tsx';

export default function CheckoutPage() {
  const data = useData<Data>();
  return (
    <CartQueryProvider>
      <HydrationBoundary state={data.dehydratedState}>
        <CheckoutScreen />
      </HydrationBoundary>
    </CartQueryProvider>
  );
}
