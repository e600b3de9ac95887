import { CatalogueData } from '../../../features/catalogue/catalogue-cache.tsx';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { renderCardAction } from '../../../features/cart/card-action.tsx';
import { ListingScreen } from '../../../features/catalogue/listing/listing-screen.tsx';
import { useNavigationKey } from '../../../lib/navigation-key.ts';
import type { Data } from './+data.ts';

export default function CategoryPage() {
  const data = useData<Data>();
  const { routeParams } = usePageContext();
  const key = useNavigationKey();
  return (
    <CatalogueData state={data.dehydratedState}>
      <ListingScreen key={key} source={{ kind: 'category', slug: routeParams.slug ?? '' }} renderAction={renderCardAction} />
    </CatalogueData>
  );
}
