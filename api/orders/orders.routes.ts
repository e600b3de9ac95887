import type { FastifyInstance } from 'fastify';
import { CHECKOUT_DEFAULTS, type CheckoutFormValues, checkoutErrors } from '../../contracts/checkout.ts';
import { ApiError } from '../../contracts/errors.ts';
import {
  CancelOrderBody,
  OrderLookupQuery,
  OrderNumberParams,
  OrderRefusal,
  OrderView,
  PlaceOrderBody,
} from '../../contracts/orders.ts';
import { CART_MESSAGES, ORDER_NOT_FOUND } from '../../contracts/shop-messages.ts';
import { VersionMismatch } from '../../eventstore/command-handler.ts';
import { parseIfMatch } from '../cart/if-match.ts';
import { HttpError } from '../../http/http-error.ts';
import { schemaOf } from '../../http/plugins/validation.ts';
import { toOrderView } from '../../app/orders/order-view.ts';
import type { OrdersService } from '../../app/orders/orders.service.ts';

const view = schemaOf(OrderView);
const refusal = schemaOf(OrderRefusal);
const errors = {
  400: schemaOf(ApiError),
  404: schemaOf(ApiError),
  409: refusal,
  412: schemaOf(ApiError),
  422: refusal,
  429: schemaOf(ApiError),
};

/**
 * Orders. Registered in the session scope (an If-Match names the cart version the order is for, as
 * for cart writes: another version answers 412 and places nothing): the order is the session's cart, and the promo code
 * applied at checkout lives in the session. Placing one honours an Idempotency-Key (a retried
 * checkout answers with the order its first attempt placed). Looking one up, or cancelling it, needs
 * its number and the address it was placed with; both checks fail alike, and both are rate-limited
 * as writes are, so numbers cannot be walked.
 */
export async function ordersRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }): Promise<void> {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const cartAndOrdersLimit = app.limitBy('cartAndOrders');

  app.post<{ Body: PlaceOrderBody }>(
    '/orders',
    {
      config: { idempotent: true },
      preHandler: cartAndOrdersLimit,
      schema: { body: schemaOf(PlaceOrderBody), response: { 201: view, ...errors } },
    },
    async (request, reply) => {
      const values: CheckoutFormValues = {
        ...CHECKOUT_DEFAULTS,
        ...Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined)),
      };
      const fields = checkoutErrors(values);
      const first = Object.values(fields)[0];
      if (first !== undefined)
        return reply.status(422).send({ error: 'Unprocessable Entity', message: first, requestId: request.id, fields });
      // With If-Match, the order is the cart the shopper confirmed, or none (another tab changed it).
      const ifVersion = parseIfMatch(request.headers['if-match']);
      let order;
      try {
        order = await orders.placeOrder(
          request.session.cartId ?? null,
          values,
          request.session.promoCode !== undefined,
          request.commandKey,
          ifVersion === undefined ? {} : { ifVersion },
        );
      } catch (error) {
        if (!(error instanceof VersionMismatch)) throw error;
        return reply.status(412).send({
          error: 'Precondition Failed',
          message: `${CART_MESSAGES.changedElsewhere}. ${CART_MESSAGES.changedElsewhereDescription}`,
          requestId: request.id,
        });
      }
      request.session.promoCode = undefined;
      return reply.status(201).send(toOrderView(order));
    },
  );

  app.get<{ Params: { number: string }; Querystring: { email: string } }>(
    '/orders/:number',
    {
      preHandler: cartAndOrdersLimit,
      schema: {
        params: schemaOf(OrderNumberParams),
        querystring: schemaOf(OrderLookupQuery),
        response: { 200: view, ...errors },
      },
    },
    async (request, reply) => {
      const order = await orders.findOrder(request.params.number, request.query.email);
      if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
      return reply.send(toOrderView(order));
    },
  );

  // The shopper's own cancellation, proven as a lookup is (number and address, the same limits, the
  // same answer for a wrong number and a wrong address); once shipped, 409 says so.
  app.post<{ Params: { number: string }; Body: CancelOrderBody }>(
    '/orders/:number/cancel',
    {
      config: { idempotent: true },
      preHandler: cartAndOrdersLimit,
      schema: {
        params: schemaOf(OrderNumberParams),
        body: schemaOf(CancelOrderBody),
        response: { 200: view, ...errors },
      },
    },
    async (request, reply) =>
      reply.send(
        toOrderView(await orders.cancelAsShopper(request.params.number, request.body.email, request.commandKey)),
      ),
  );
}
