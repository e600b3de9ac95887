import { SHOP_PATH } from '../../../contracts/shop-paths.ts';

/** Where Enter in the header search goes: the listing, searched the same way as the suggestions. */
export const searchUrl = (query: string) => `${SHOP_PATH}?search=${encodeURIComponent(query.trim())}`;
