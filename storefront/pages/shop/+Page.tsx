import { useData } from 'vike-react/useData';
import { renderCardAction } from '../../features/cart/card-action.tsx';
import { ListingScreen } from '../../features/catalogue/listing/listing-screen.tsx';
import { useNavigationKey } from '../../lib/navigation-key.ts';
import type { Data } from './+data.ts';

export default function ShopPage() {
  const data = useData<Data>();
  const key = useNavigationKey();
  return <ListingScreen key={key} data={data} renderAction={renderCardAction} />;
}
