import type { PageContextServer } from 'vike/types';
import { categoryData } from '../../../features/catalogue/listing/listing.data.ts';

export const data = (pageContext: PageContextServer) => categoryData(pageContext);
export type Data = ReturnType<typeof data>;
