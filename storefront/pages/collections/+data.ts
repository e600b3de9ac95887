import type { PageContextServer } from 'vike/types';
import { allProductsData } from '../../features/catalogue/listing/listing.data.ts';

export const data = (pageContext: PageContextServer) => allProductsData(pageContext);
export type Data = ReturnType<typeof data>;
