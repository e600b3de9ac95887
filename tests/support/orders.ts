import type { CheckoutFormValues } from '../../contracts/checkout.ts';
import { catalogue as seed } from '../../seed/catalogue.data.ts';
import { type TestApp, shopper } from './test-app.ts';

/** A valid checkout form (no payment is taken: the card fields only need to be filled). */
export const checkout = (overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues => ({
  email: 'Rex@Example.com',
  firstName: 'Rex',
  lastName: 'Saurus',
  address: '42 Fossil Lane',
  city: 'Bedrock',
  state: 'CA',
  zipCode: '90210',
  country: 'US',
  paymentMethod: 'credit-card',
  cardNumber: '4242 4242 4242 4242',
  cardName: 'Rex Saurus',
  cardExpiry: '12/30',
  cardCvc: '123',
  ...overrides,
});

/** A seeded variant with exactly `stock` in stock (and its product). */
export function variantWithStock(stock: number) {
  for (const product of seed.products) {
    const variant = product.variants.find((v) => v.stock === stock);
    if (variant) return { product, variant };
  }
  throw new Error(`no seeded variant has ${stock} in stock`);
}

/** A shopper with `quantity` of the variant in their cart. */
export async function shopperWith(app: TestApp, productId: number, variantId: number, quantity: number) {
  const me = shopper(app);
  const added = await me.request({ method: 'POST', url: '/api/cart', payload: { productId, variantId, quantity } });
  if (added.statusCode !== 201) throw new Error(`add failed: ${added.statusCode} ${added.body}`);
  return me;
}

export const countEvents = async (app: TestApp, type?: string) =>
  (
    await app.db.query<{ n: number }>(
      `select count(*)::int as n from events${type ? ' where type = $1' : ''}`,
      type ? [type] : [],
    )
  ).rows[0]!.n;

/** An order of `quantity` of a seeded variant with `stock` units, placed through the API for `email`. */
export async function placedOrder(
  app: TestApp,
  stock: number,
  quantity: number,
  email: string,
): Promise<{ number: string; variantId: number }> {
  const { product, variant } = variantWithStock(stock);
  const me = await shopperWith(app, product.id, variant.id, quantity);
  const placed = await me.request({ method: 'POST', url: '/api/orders', payload: checkout({ email }) });
  if (placed.statusCode !== 201) throw new Error(`order failed: ${placed.statusCode} ${placed.body}`);
  return { number: placed.json().number as string, variantId: variant.id };
}
