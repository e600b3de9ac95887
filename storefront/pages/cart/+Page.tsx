import { HydrationBoundary } from '@tanstack/react-query';
import { useData } from 'vike-react/useData';
import { CartQueryProvider } from '../../features/cart/cart-client.tsx';
import type { Data } from './+data.ts';
import { CartScreen } from './cart-screen.tsx';

export default function CartPage() {
  const data = useData<Data>();
  return (
    <CartQueryProvider>
      <HydrationBoundary state={data.dehydratedState}>
        <CartScreen />
      </HydrationBoundary>
    </CartQueryProvider>
  );
}
