/**
 * The yardstick for the HTTP write rows: the least a route that adds to a new cart can do, on the
 * shop's own database statement. A bare Fastify (logger off, no hooks) with one route: the JSON body
 * checked by a JSON schema, one append as the cart service appends (groupedAppends), a
 * signed session cookie with the new cart id, and the answer the shop gave for the same add, with the
 * ids replaced. No session read, rate limit, idempotency, pricing, metrics or security headers.
 *   node --import tsx bench/reference-write-server.ts <spec.json>
 * spec: { port, target: { databaseUrl?, dataDir }, answer }. Pinned to the server core by bench/run.ts.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { connectDatabase } from '../db/connect.ts';
import { cartStreamId } from '../domain/cart/cart.events.ts';
import { groupedAppends } from '../eventstore/store.ts';
import { projections } from '../projections/registry.ts';
import { REFERENCE_MARK } from './db-bench.ts';

export interface ReferenceWriteSpec {
  port: number;
  target: { databaseUrl?: string; dataDir: string };
  /** The shop's 201 answer to one add to a new cart: `{ id, items: [{ id, ... }], ... }`. */
  answer: { id: string; items: Array<{ id: string }> };
}

const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ReferenceWriteSpec;
const db = await connectDatabase(spec.target);
const append = groupedAppends(db, projections);
const app = Fastify({ logger: false });
await app.register(fastifyCookie, { secret: randomUUID() + randomUUID() });

const body = {
  type: 'object',
  required: ['productId', 'variantId', 'quantity'],
  additionalProperties: false,
  properties: {
    productId: { type: 'integer', minimum: 1 },
    variantId: { type: 'integer', minimum: 1 },
    quantity: { type: 'integer', minimum: 1, maximum: 10 },
  },
};
app.post<{ Body: { productId: number; variantId: number; quantity: number } }>(
  '/api/cart',
  { schema: { body } },
  async (request, reply) => {
    const cartId = randomUUID();
    const lineId = randomUUID();
    const { productId, variantId, quantity } = request.body;
    const [recorded] = await append(cartStreamId(cartId), 0, [
      // Marked, so the shop's mean group size is measured over the shop's own appends (db-bench.ts, facts).
      {
        type: 'ItemAdded',
        data: { schemaVersion: 1, lineId, productId, variantId, quantity, at: new Date().toISOString() },
        metadata: REFERENCE_MARK,
      },
    ]);
    reply.setCookie('dino.sid', Buffer.from(JSON.stringify({ id: randomUUID(), cartId })).toString('base64url'), {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
    });
    return reply
      .status(201)
      .header('etag', `"${recorded!.version}"`)
      .send({ ...spec.answer, id: cartId, items: spec.answer.items.map((item) => ({ ...item, id: lineId })) });
  },
);

await app.listen({ port: spec.port, host: '127.0.0.1' });
process.stdout.write('listening\n');
const stop = () =>
  void app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
