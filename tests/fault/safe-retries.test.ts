import { afterEach, describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../seed/catalogue.data.ts';
import {
  BACKENDS,
  type Server,
  type Target,
  freePort,
  freshTarget,
  keyedClient,
  startServer,
} from './fault-support.ts';

/** Variants with room for many adds: a client adds at most a few of each. */
const roomy = seed.products.flatMap((p) =>
  p.variants.filter((v) => v.stock >= 20).map((v) => ({ productId: p.id, variantId: v.id })),
);
const CLIENTS = 24;
const KILLS = 3;
/** How long one key may take to be answered once the server is up (a restart's own time not counted). */
const KEY_DEADLINE_MS = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client adding to its cart, one key per add, counting the adds answered 201 per variant. */
function retryingClient(base: string, upSince: () => number) {
  const client = keyedClient(base, upSince, KEY_DEADLINE_MS);
  const added = new Map<number, number>();
  const unanswered: string[] = [];
  return {
    added,
    unanswered,
    get cookie() {
      return client.cookie;
    },
    async add(item: { productId: number; variantId: number }): Promise<void> {
      const answer = await client.write('POST', '/api/cart', { ...item, quantity: 1 });
      if ('unanswered' in answer) unanswered.push(answer.unanswered);
      else if (answer.status !== 201) unanswered.push(`add answered ${answer.status}`);
      else added.set(item.variantId, (added.get(item.variantId) ?? 0) + 1);
    },
  };
}

describe.each(BACKENDS)('safe retries across crashes on %s', (backend) => {
  let target: Target | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    await server?.kill9().catch(() => {});
    await target?.drop();
  });

  it(`kill -9 ${KILLS} times under ${CLIENTS} clients retrying their keys: every key answered, no add applied twice`, async () => {
    target = await freshTarget(backend);
    const port = await freePort();
    server = await startServer(target, {}, { port });
    const url = server.url;
    // While the server is down its clients wait without a deadline; from its start, the deadline runs.
    let upSince = Date.now();
    const clients = Array.from({ length: CLIENTS }, () => retryingClient(url, () => upSince));
    let answered = 0;
    let stop = false;
    const load = clients.map(async (client, index) => {
      for (let n = 0; !stop; n++) {
        await client.add(roomy[(index * 7 + n) % roomy.length]!);
        answered++;
      }
    });
    for (let kill = 1; kill <= KILLS; kill++) {
      // Each kill lands mid-stream: more answers since the last, and adds in flight.
      const target_ = answered + 150;
      for (let waited = 0; answered < target_ && waited < 60_000; waited += 20) await pause(20);
      upSince = Number.POSITIVE_INFINITY;
      await server.kill9();
      server = await startServer(target, {}, { port });
      upSince = Date.now();
    }
    const after = answered + 150;
    for (let waited = 0; answered < after && waited < 60_000; waited += 20) await pause(20);
    stop = true;
    await Promise.all(load);

    const unanswered = clients.flatMap((c) => c.unanswered);
    expect(unanswered, 'keys never answered 201').toEqual([]);
    const doubled: string[] = [];
    for (const [index, client] of clients.entries()) {
      const cart = await (await fetch(`${url}/api/cart`, { headers: { cookie: client.cookie ?? '' } })).json();
      const found = new Map<number, number>(
        cart.items.map((item: { quantity: number; variant: { id: number } }) => [item.variant.id, item.quantity]),
      );
      for (const variantId of new Set([...client.added.keys(), ...found.keys()])) {
        const want = client.added.get(variantId) ?? 0;
        const got = found.get(variantId) ?? 0;
        if (got !== want)
          doubled.push(`client ${index}, variant ${variantId}: ${want} keys answered, cart holds ${got}`);
      }
    }
    expect(doubled, `of ${answered} keys`).toEqual([]);
    console.info(`[fault] ${answered} keys over ${KILLS} kills on ${backend}: each applied once`);
  }, 240_000);
});
