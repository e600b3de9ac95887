/** What the scenarios need to know of the seeded shop, and a shopper's session with lines in the cart. */

export interface ShopFacts {
  slug: string;
  productId: number;
  /** Ten in-stock variants of different products (for 10 distinct lines). */
  lines: Array<{ productId: number; variantId: number }>;
}

export async function discover(origin: string): Promise<ShopFacts> {
  const products = (await (await fetch(`${origin}/api/products`)).json()) as Array<{ id: number; slug: string }>;
  const lines: ShopFacts['lines'] = [];
  for (const product of products) {
    const variants = (await (await fetch(`${origin}/api/products/${product.id}/variants`)).json()) as Array<{
      id: number;
      stock: number;
    }>;
    const inStock = variants.find((v) => v.stock > 10);
    if (inStock) lines.push({ productId: product.id, variantId: inStock.id });
    if (lines.length === 10) break;
  }
  if (lines.length < 10)
    throw new Error('the seeded catalogue has fewer than 10 products with stock: cannot build the cart scenarios');
  return { slug: products[0]!.slug, productId: products[0]!.id, lines };
}

/** A shopper's session with these lines; returns its cookie and the cart JSON the API answers. */
export async function shopperWith(
  origin: string,
  lines: ShopFacts['lines'],
): Promise<{ cookie: string; cart: unknown }> {
  let cookie = '';
  for (const line of lines) {
    const response = await fetch(`${origin}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ ...line, quantity: 1 }),
    });
    if (response.status !== 201)
      throw new Error(`POST /api/cart answered ${response.status}: ${await response.text()}`);
    cookie ||= (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }
  const cart = await (await fetch(`${origin}/api/cart`, { headers: { cookie } })).json();
  return { cookie, cart };
}
