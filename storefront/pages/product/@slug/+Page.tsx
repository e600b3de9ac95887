import { CatalogueData } from '../../../features/catalogue/catalogue-cache.tsx';
import { useData } from 'vike-react/useData';
import { renderProductActions } from '../../../features/cart/product-actions.tsx';
import { ProductDetail } from '../../../features/catalogue/product-detail/product-detail.tsx';
import { useNavigationKey } from '../../../lib/navigation-key.ts';
import type { Data } from './+data.ts';

export default function ProductPage() {
  const data = useData<Data>();
  const key = useNavigationKey();
  return (
    <CatalogueData state={data.dehydratedState}>
      <ProductDetail key={key} slug={data.product.slug} renderActions={renderProductActions} />
    </CatalogueData>
  );
}
