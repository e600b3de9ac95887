import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type BenchRun, WRITE_CLIENTS } from '../lib/bench-run.ts';
import { type Measured, type Target, load, startShop } from '../lib/shop-process.ts';
import type { ShopFacts } from './shop-facts.ts';

const run$ = promisify(execFile);
const JSON_BODY = { 'content-type': 'application/json' };
/** A checkout as the storefront sends it (no payment is taken: the card fields only need to be filled). */
export const CHECKOUT = {
  email: 'bench@example.com',
  firstName: 'Bench',
  lastName: 'Mark',
  address: '42 Fossil Lane',
  city: 'Bedrock',
  state: 'CA',
  zipCode: '90210',
  country: 'US',
  paymentMethod: 'credit-card',
  cardNumber: '4242 4242 4242 4242',
  cardName: 'Bench Mark',
  cardExpiry: '12/30',
  cardCvc: '123',
};
/** Units received for each variant the orders take, before the shop starts: no order of the run is refused for stock. */
const RESTOCK = 100_000;

/**
 * Orders over HTTP: each connection adds a line to its cart and places the cart as an order (one
 * OrderPlaced, the cart's CartCheckedOut and the stock taken, in one transaction), in turn over the ten
 * variants of the cart rows, restocked first through the operator's command (PGlite allows one process
 * per data directory, so before the shop starts). Two requests per order.
 */
export async function ordersOverHttp(
  run: BenchRun,
  build: string,
  target: Target,
  facts: ShopFacts,
): Promise<Measured> {
  await restockOrderedVariants(build, target, facts);
  const shop = await startShop(build, target);
  try {
    const order = JSON.stringify(CHECKOUT);
    const requests = facts.lines.flatMap((line, i) => [
      {
        method: 'POST' as const,
        path: '/api/cart',
        headers: JSON_BODY,
        body: JSON.stringify({ ...line, quantity: 1 }),
        captureCookie: i === 0,
        useCookie: i > 0,
      },
      { method: 'POST' as const, path: '/api/orders', headers: JSON_BODY, body: order, useCookie: true },
    ]);
    // One order by hand first: the row measures orders placed, not refusals.
    const added = await fetch(`${shop.origin}/api/cart`, {
      method: 'POST',
      headers: JSON_BODY,
      body: requests[0]!.body,
    });
    const cookie = (added.headers.get('set-cookie') ?? '').split(';')[0]!;
    const placed = await fetch(`${shop.origin}/api/orders`, {
      method: 'POST',
      headers: { ...JSON_BODY, cookie },
      body: order,
    });
    if (placed.status !== 201) throw new Error(`POST /api/orders answered ${placed.status}: ${await placed.text()}`);
    return await load(run, { url: shop.origin, connections: WRITE_CLIENTS, requests }, shop.child);
  } finally {
    await shop.child.stop();
  }
}

/** Receives RESTOCK units of each variant the bench's orders take, through the operator's command; with no shop running on a PGlite directory. */
export async function restockOrderedVariants(build: string, target: Target, facts: ShopFacts): Promise<void> {
  const globals = ['--data-dir', target.dataDir, ...(target.databaseUrl ? ['--database-url', target.databaseUrl] : [])];
  for (const line of facts.lines)
    await run$(process.execPath, [
      path.join(build, 'dist/node/cli.js'),
      ...globals,
      'stock',
      'receive',
      String(line.variantId),
      String(RESTOCK),
    ]);
}
