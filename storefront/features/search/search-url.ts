/** Where Enter in the header search goes: the listing, searched the same way as the suggestions. */
export const searchUrl = (query: string) => `/shop?search=${encodeURIComponent(query.trim())}`;
