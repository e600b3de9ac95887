import { useData } from 'vike-react/useData';
import { renderProductActions } from '../../../features/cart/product-actions.tsx';
import { ProductDetail } from '../../../features/catalogue/product-detail/product-detail.tsx';
import { BackInStockForm } from '../../../features/stock-alerts/back-in-stock-form.tsx';
import { useNavigationKey } from '../../../lib/navigation-key.ts';
import type { Data } from './+data.ts';

export default function ProductPage() {
  const { product } = useData<Data>();
  const key = useNavigationKey();
  return (
    <ProductDetail
      key={key}
      product={product}
      variants={product.variants}
      renderActions={renderProductActions}
      renderSoldOut={({ product, variant }) => <BackInStockForm product={product} variant={variant} />}
    />
  );
}
