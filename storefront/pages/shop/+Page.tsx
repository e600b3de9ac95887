import { CatalogueData } from '../../features/catalogue/catalogue-cache.tsx';
import { useData } from 'vike-react/useData';
import { renderCardAction } from '../../features/cart/card-action.tsx';
import { ListingScreen } from '../../features/catalogue/listing/listing-screen.tsx';
import { useNavigationKey } from '../../lib/navigation-key.ts';
import type { Data } from './+data.ts';

export default function ShopPage() {
  const data = useData<Data>();
  const key = useNavigationKey();
  return (
    <CatalogueData state={data.dehydratedState}>
      <ListingScreen key={key} source={{ kind: 'all' }} renderAction={renderCardAction} />
    </CatalogueData>
  );
}
