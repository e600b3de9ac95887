import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AddToCart, Cart, CartItemParams, UpdateCartItem } from '../../contracts/cart.ts';
import { ApiError } from '../../contracts/errors.ts';
import { VersionMismatch } from '../../eventstore/command-handler.ts';
import { schemaOf } from '../../http/plugins/validation.ts';
import type { CartService, VersionedCart, WriteOptions } from '../../app/cart/cart.service.ts';
import { etagOf } from '../../contracts/cart-etag.ts';
import { parseIfMatch } from './if-match.ts';

const cartResponse = schemaOf(Cart);
const errors = {
  400: schemaOf(ApiError),
  404: schemaOf(ApiError),
  409: schemaOf(ApiError),
  422: schemaOf(ApiError),
  429: schemaOf(ApiError),
};
/** A conditional write that lost: the body is the cart as it is now, so the client can redo its change on it. */
const stale = { 412: cartResponse };
/** Every write honours an Idempotency-Key (see plugins/idempotency.ts). */
const idempotent = { idempotent: true };

/**
 * The shopper's cart. Registered inside the session scope: the cart id lives in the session, so a
 * shopper can only ever reach their own cart (another cart's line id is simply not found).
 * Every write answers with the updated cart, the same shape as GET, and its ETag (the cart's stream
 * version); a write with If-Match of another version changes nothing and answers 412 with the cart as it is.
 */
export async function cartRoutes(app: FastifyInstance, { carts }: { carts: CartService }): Promise<void> {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // Every change counts against the address's cart-write limit; one that would start a new cart
  // (the session holds no cart yet) also against the tighter new-cart limit.
  const writeLimit = app.limitBy('cartAndOrders');
  const newCartLimit = app.limitBy('newCarts', (request) => !request.session.cartId);
  const cartId = (request: FastifyRequest) => request.session.cartId ?? null;
  const send = (reply: FastifyReply, status: number, { cart, version }: VersionedCart) =>
    reply.status(status).header('etag', etagOf(version)).send(cart);

  /** Runs a write with the request's If-Match condition; a lost condition answers 412 with the current cart. */
  async function write(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    change: (options: WriteOptions) => Promise<VersionedCart>,
  ) {
    const ifVersion = parseIfMatch(request.headers['if-match']);
    try {
      return send(
        reply,
        status,
        await change({ key: request.commandKey, ...(ifVersion === undefined ? {} : { ifVersion }) }),
      );
    } catch (error) {
      if (!(error instanceof VersionMismatch)) throw error;
      return send(reply, 412, await carts.readVersioned(cartId(request)));
    }
  }

  app.get('/cart', { schema: { response: { 200: cartResponse } } }, async (request, reply) =>
    send(reply, 200, await carts.readVersioned(cartId(request))),
  );

  app.post<{ Body: AddToCart }>(
    '/cart',
    {
      config: idempotent,
      preHandler: [newCartLimit, writeLimit],
      schema: { body: schemaOf(AddToCart), response: { 201: cartResponse, ...stale, ...errors } },
    },
    async (request, reply) =>
      write(request, reply, 201, async (options) => {
        const added = await carts.addItem(cartId(request), request.body, options);
        if (added.cart.id && request.session.cartId !== added.cart.id) request.session.cartId = added.cart.id;
        return added;
      }),
  );

  app.put<{ Params: { itemId: string }; Body: UpdateCartItem }>(
    '/cart/:itemId',
    {
      config: idempotent,
      preHandler: writeLimit,
      schema: {
        params: schemaOf(CartItemParams),
        body: schemaOf(UpdateCartItem),
        response: { 200: cartResponse, ...stale, ...errors },
      },
    },
    async (request, reply) =>
      write(request, reply, 200, (options) =>
        carts.changeQuantity(cartId(request), request.params.itemId, request.body.quantity, options),
      ),
  );

  app.delete<{ Params: { itemId: string } }>(
    '/cart/:itemId',
    {
      config: idempotent,
      preHandler: writeLimit,
      schema: { params: schemaOf(CartItemParams), response: { 200: cartResponse, ...stale, ...errors } },
    },
    async (request, reply) =>
      write(request, reply, 200, (options) => carts.removeItem(cartId(request), request.params.itemId, options)),
  );

  app.delete(
    '/cart',
    { config: idempotent, preHandler: writeLimit, schema: { response: { 200: cartResponse, ...stale, ...errors } } },
    async (request, reply) => write(request, reply, 200, (options) => carts.clear(cartId(request), options)),
  );
}
