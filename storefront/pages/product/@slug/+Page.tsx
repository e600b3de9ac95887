import { HydrationBoundary } from '@tanstack/react-query';
import { useData } from 'vike-react/useData';
import { renderProductActions } from '../../../components/product-actions.tsx';
import { ProductDetail } from '../../../features/catalogue/product-detail/product-detail.tsx';
import { useNavigationKey } from '../../../lib/navigation-key.ts';
import type { Data } from './+data.ts';

export default function ProductPage() {
  const data = useData<Data>();
  const key = useNavigationKey();
  return (
    <HydrationBoundary state={data.dehydratedState}>
      <ProductDetail key={key} slug={data.product.slug} renderActions={renderProductActions} />
    </HydrationBoundary>
  );
}
