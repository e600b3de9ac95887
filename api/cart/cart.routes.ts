import type { FastifyInstance } from 'fastify';
import { AddToCart, Cart, CartItemParams, UpdateCartItem } from '../../contracts/cart.ts';
import { ApiError } from '../../contracts/errors.ts';
import { schemaOf } from '../plugins/validation.ts';
import type { CartService } from './cart.service.ts';

const cartResponse = schemaOf(Cart);
const errors = { 404: schemaOf(ApiError), 422: schemaOf(ApiError) };

/**
 * The shopper's cart. Registered inside the session scope: the cart id lives in the session, so a
 * shopper can only ever reach their own cart (another cart's line id is simply not found).
 * Every write answers with the updated cart, the same shape as GET.
 */
export async function cartRoutes(app: FastifyInstance, { carts }: { carts: CartService }): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/cart', { schema: { response: { 200: cartResponse } } }, async (request) => carts.read(request.session.cartId ?? null));

  app.post<{ Body: AddToCart }>('/cart', { schema: { body: schemaOf(AddToCart), response: { 201: cartResponse, ...errors } } }, async (request, reply) => {
    const cart = await carts.addItem(request.session.cartId ?? null, request.body);
    if (cart.id && request.session.cartId !== cart.id) request.session.cartId = cart.id;
    return reply.status(201).send(cart);
  });

  app.put<{ Params: { itemId: string }; Body: UpdateCartItem }>(
    '/cart/:itemId',
    { schema: { params: schemaOf(CartItemParams), body: schemaOf(UpdateCartItem), response: { 200: cartResponse, ...errors } } },
    async (request) => carts.changeQuantity(request.session.cartId ?? null, request.params.itemId, request.body.quantity),
  );

  app.delete<{ Params: { itemId: string } }>(
    '/cart/:itemId',
    { schema: { params: schemaOf(CartItemParams), response: { 200: cartResponse, ...errors } } },
    async (request) => carts.removeItem(request.session.cartId ?? null, request.params.itemId),
  );

  app.delete('/cart', { schema: { response: { 200: cartResponse } } }, async (request) => carts.clear(request.session.cartId ?? null));
}
