/**
 * Which kept answers a stock movement makes wrong: every catalogue API answer (a product carries its
 * variants' stock) and the moved products' own pages (the stepper's maximum, "Only N left"). Listings
 * and the home page show only whether a size or colour is in stock, so they go only when that flips
 * (the whole cache goes then); until then their page data keeps the counts it was drawn with, and the
 * cart and checkout, which act on counts, read the live stock.
 */
export function answersShowingStockOf(slugs: ReadonlySet<string>): (key: string) => boolean {
  return (key) => {
    const path = key.split('?', 1)[0]!;
    if (path.startsWith('/api/')) return true;
    const product = /^\/products?\/([^/]+)\/?$/.exec(path);
    return product !== null && slugs.has(product[1]!);
  };
}
