import type { PageContext } from 'vike/types';
import { COLLECTIONS_PATH } from '../../../contracts/shop-paths.ts';

export default (pageContext: PageContext) =>
  pageContext.urlPathname === COLLECTIONS_PATH
    ? 'Explore the DinoBooty collections: Jurassic Lace, Cretaceous Comfort, Mesozoic Mischief and The Voluptuous Velociraptor Collection.'
    : 'Browse every DinoBooty thong, brief, boxer and bralette for cartoon dinosaurs. Search, sort and filter by price, collection and size.';
