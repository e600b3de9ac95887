import type { PageContext } from 'vike/types';

export default (pageContext: PageContext) =>
  pageContext.urlPathname === '/collections'
    ? 'Explore the DinoBooty collections: Jurassic Lace, Cretaceous Comfort, Mesozoic Mischief and The Voluptuous Velociraptor Collection.'
    : 'Browse every DinoBooty thong, brief, boxer and bralette for cartoon dinosaurs. Search, sort and filter by price, collection and size.';
