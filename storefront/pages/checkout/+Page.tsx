import { HydrationBoundary } from '@tanstack/react-query';
import { useData } from 'vike-react/useData';
import type { Data } from './+data.ts';
import { CheckoutScreen } from './checkout-screen.tsx';

export default function CheckoutPage() {
  const data = useData<Data>();
  return (
    <HydrationBoundary state={data.dehydratedState}>
      <CheckoutScreen />
    </HydrationBoundary>
  );
}
