import { afterEach, describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../seed/catalogue.data.ts';
import { checkout } from '../support/orders.ts';
import {
  BACKENDS,
  type Server,
  type Target,
  freePort,
  freshTarget,
  keyedClient,
  runCli,
  startServer,
} from './fault-support.ts';

/** Variants with room for every order this test places of them. */
const roomy = seed.products.flatMap((p) =>
  p.variants.filter((v) => v.stock >= 20).map((v) => ({ productId: p.id, variantId: v.id })),
);
const SHOPPERS = 12;
const KILLS = 2;
const KEY_DEADLINE_MS = 10_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BACKENDS)('checkouts across crashes on %s', (backend) => {
  let target: Target | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    await server?.kill9().catch(() => {});
    await target?.drop();
  });

  it(`kill -9 ${KILLS} times under ${SHOPPERS} shoppers checking out (each checkout retried with its key): no acknowledged order lost, none placed twice, stock taken once per order`, async () => {
    target = await freshTarget(backend);
    const port = await freePort();
    server = await startServer(target, {}, { port });
    const url = server.url;
    let upSince = Date.now();
    const placed: Array<{ number: string; email: string; variantId: number }> = [];
    const problems: string[] = [];
    let stop = false;
    const load = Array.from({ length: SHOPPERS }, async (_, index) => {
      const email = `shopper-${index}@example.com`;
      const client = keyedClient(url, () => upSince, KEY_DEADLINE_MS);
      for (let n = 0; !stop; n++) {
        const item = roomy[(index * 5 + n) % roomy.length]!;
        const added = await client.write('POST', '/api/cart', { ...item, quantity: 1 });
        if ('unanswered' in added || added.status !== 201) {
          problems.push(`add: ${'unanswered' in added ? added.unanswered : added.status}`);
          return;
        }
        const order = await client.write('POST', '/api/orders', checkout({ email }));
        if ('unanswered' in order || order.status !== 201) {
          problems.push(
            `order: ${'unanswered' in order ? order.unanswered : `${order.status} ${JSON.stringify(order.json)}`}`,
          );
          return;
        }
        placed.push({ number: order.json.number, email, variantId: item.variantId });
      }
    });
    for (let kill = 1; kill <= KILLS; kill++) {
      const wanted = placed.length + 20;
      for (let waited = 0; placed.length < wanted && waited < 60_000; waited += 20) await pause(20);
      upSince = Number.POSITIVE_INFINITY;
      await server.kill9();
      server = await startServer(target, {}, { port });
      upSince = Date.now();
    }
    const wanted = placed.length + 20;
    for (let waited = 0; placed.length < wanted && waited < 60_000; waited += 20) await pause(20);
    stop = true;
    await Promise.all(load);
    expect(problems, 'requests never answered as they should be').toEqual([]);
    expect(new Set(placed.map((p) => p.number)).size, 'every acknowledged order has its own number').toBe(
      placed.length,
    );

    // Every acknowledged order is there, found by its number and e-mail.
    const lost: string[] = [];
    for (const order of placed) {
      const found = await fetch(
        `${url}/api/orders/${encodeURIComponent(order.number)}?email=${encodeURIComponent(order.email)}`,
      );
      if (found.status !== 200) lost.push(`${order.number}: ${found.status}`);
    }
    expect(lost, `of ${placed.length} acknowledged orders`).toEqual([]);

    // No order placed twice, and the stock taken once per order: read by the operator's commands.
    await server.stop();
    server = undefined;
    const listed = await runCli([...target.globals, 'orders', 'list', '--format', 'ndjson']);
    expect(listed.code, listed.stderr).toBe(0);
    const numbers = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).number as string);
    expect(numbers.sort()).toEqual(placed.map((p) => p.number).sort());
    const stock = await runCli([...target.globals, 'stock', 'list']);
    const ordered = new Map(
      stock.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => {
          const [variant, , , , taken] = line.trim().split(/\s+/);
          return [Number(variant), Number(taken)] as const;
        }),
    );
    const wrong = [...new Set(placed.map((p) => p.variantId))]
      .map((variantId) => ({
        variantId,
        orders: placed.filter((p) => p.variantId === variantId).length,
        ordered: ordered.get(variantId),
      }))
      .filter((v) => v.orders !== v.ordered);
    expect(wrong, 'stock taken other than once per order').toEqual([]);
    console.info(
      `[fault] ${placed.length} orders over ${KILLS} kills on ${backend}: each placed once, stock taken once`,
    );
  }, 240_000);
});
