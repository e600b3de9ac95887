import { useData } from 'vike-react/useData';
import { renderCardAction } from '../../../features/cart/card-action.tsx';
import { ListingScreen } from '../../../features/catalogue/listing/listing-screen.tsx';
import { arrangeCategory } from '../../../lib/category-search.ts';
import { useNavigationKey } from '../../../lib/navigation-key.ts';
import type { Data } from './+data.ts';

export default function CategoryPage() {
  const data = useData<Data>();
  const key = useNavigationKey();
  return <ListingScreen key={key} data={data} renderAction={renderCardAction} arrange={arrangeCategory} />;
}
