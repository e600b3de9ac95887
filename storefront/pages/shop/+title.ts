import type { PageContext } from 'vike/types';

export default (pageContext: PageContext) => (pageContext.urlPathname === '/collections' ? 'Collections - DinoBooty' : 'Shop All Products - DinoBooty');
