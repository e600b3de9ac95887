import { HydrationBoundary } from '@tanstack/react-query';
import { useData } from 'vike-react/useData';
import type { Data } from './+data.ts';
import { CartScreen } from './cart-screen.tsx';

export default function CartPage() {
  const data = useData<Data>();
  return (
    <HydrationBoundary state={data.dehydratedState}>
      <CartScreen />
    </HydrationBoundary>
  );
}
