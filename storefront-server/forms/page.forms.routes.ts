import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Flash } from '../../contracts/flash.ts';
import { SIGNUP_MESSAGES, STOCK_ALERT_MESSAGES } from '../../contracts/shop-messages.ts';
import { Subscribe } from '../../contracts/subscription.ts';
import { CONTACT_FIELDS, type ContactValues, contactErrors } from '../../contracts/contact-form.ts';
import { trackSampleOrder, trackedOrderOf, validateTrackForm } from '../../contracts/order-tracking.ts';
import type { SubscriptionService } from '../../app/subscriptions/subscription.service.ts';
import type { OrdersService } from '../../app/orders/orders.service.ts';
import type { StockAlertService } from '../../app/stock-alerts/stock-alerts.service.ts';
import { StockAlertRequest } from '../../contracts/stock-alert.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { toOrderView } from '../../app/orders/order-view.ts';
import { type ShowPage, field, formPost, numberField, redirectWithFlash, returnPath } from './form-post.ts';
import { fitsCookie } from './flash.ts';
import { keepAnswerOut } from '../../http/plugins/idempotency.ts';
import { FORM_ACTIONS, STOCK_ALERT_FORM } from '../../contracts/form-actions.ts';

const SAMPLE_SHIPPED = 'This order has already shipped, so it can no longer be cancelled';
const CANCEL_FAILED = {
  title: 'Your order was not cancelled',
  description: 'Something went wrong on our side. Please try again.',
};

/**
 * The other plain HTML forms: newsletter signup (the same subscription service as POST /api/subscribe),
 * back-in-stock requests (as POST /api/stock-alerts), contact (a demo page: validated and answered on
 * the server, nothing recorded) and order tracking (the orders service, as GET /api/orders/{number},
 * or the sample order) with a found order's Cancel (as POST /api/orders/{number}/cancel).
 */
export async function pageFormRoutes(
  app: FastifyInstance,
  {
    subscriptions,
    orders,
    stockAlerts,
    showPage,
  }: {
    subscriptions: SubscriptionService;
    orders: OrdersService;
    stockAlerts: StockAlertService;
    showPage?: ShowPage | undefined;
  },
): Promise<void> {
  app.post(FORM_ACTIONS.subscribe, { ...formPost, preHandler: app.limitBy('signUps') }, async (request, reply) => {
    const back = `${returnPath(request).split('#')[0]}#signup`;
    const email = field(request.body, 'email');
    const input = v.safeParse(Subscribe, { email });
    if (!input.success) {
      return redirectWithFlash(reply, back, {
        form: { name: 'signup', values: { email }, errors: { email: input.issues[0].message } },
      });
    }
    let flash: Flash;
    try {
      const outcome = await subscriptions.subscribe(input.output, request.commandKey);
      flash = {
        notice: { title: SIGNUP_MESSAGES.success, description: outcome.message, tone: 'success' },
        form: { name: 'signup', values: {}, errors: {}, result: 'subscribed' },
      };
    } catch (error) {
      request.log.error({ err: error }, 'signup form failed');
      flash = {
        notice: { title: SIGNUP_MESSAGES.failed, description: SIGNUP_MESSAGES.failedDescription, tone: 'error' },
        form: { name: 'signup', values: { email }, errors: {} },
      };
    }
    return redirectWithFlash(reply, back, flash);
  });

  // Rate-limited as sign-ups are: each request may seal an address and make it a key.
  app.post(FORM_ACTIONS.stockAlert, { ...formPost, preHandler: app.limitBy('signUps') }, async (request, reply) => {
    const back = returnPath(request);
    const email = field(request.body, 'email');
    const values = { email, variantId: field(request.body, 'variantId') };
    const input = v.safeParse(StockAlertRequest, {
      email,
      productId: numberField(request.body, 'productId'),
      variantId: numberField(request.body, 'variantId'),
    });
    if (!input.success) {
      const [issue] = input.issues;
      if (v.getDotPath(issue) !== 'email')
        return redirectWithFlash(reply, back, {
          notice: { title: 'Error', description: issue.message, tone: 'error' },
        });
      return redirectWithFlash(reply, back, {
        form: { name: STOCK_ALERT_FORM, values, errors: { email: issue.message } },
      });
    }
    try {
      await stockAlerts.request(input.output);
    } catch (error) {
      // Back in stock meanwhile, or no such size: the page, drawn again, shows which.
      if (!(error instanceof DomainError)) request.log.error({ err: error }, 'back-in-stock form failed');
      return redirectWithFlash(reply, back, {
        notice: {
          title: 'Error',
          description: error instanceof DomainError ? error.message : STOCK_ALERT_MESSAGES.failed,
          tone: 'error',
        },
      });
    }
    return redirectWithFlash(reply, back, {
      form: { name: STOCK_ALERT_FORM, values: { variantId: values.variantId }, errors: {}, result: 'requested' },
    });
  });

  app.post(FORM_ACTIONS.contact, formPost, async (request, reply) => {
    const values = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, field(request.body, name)])) as ContactValues;
    const errors = contactErrors(values);
    const sent = Object.keys(errors).length === 0;
    return redirectWithFlash(reply, '/contact', {
      form: { name: 'contact', values: sent ? {} : values, errors, ...(sent ? { result: 'sent' } : {}) },
    });
  });

  // Rate-limited as the API's lookup is, so order numbers cannot be walked through the form either.
  app.post(
    FORM_ACTIONS.trackOrder,
    { ...formPost, preHandler: app.limitBy('cartAndOrders') },
    async (request, reply) => {
      const values = { orderNumber: field(request.body, 'orderNumber'), email: field(request.body, 'email') };
      const errors = validateTrackForm(values.orderNumber, values.email);
      if (Object.keys(errors).length > 0 && request.headers.accept?.includes('application/json'))
        return reply
          .status(400)
          .send({ error: 'Bad Request', message: errors.orderNumber ?? errors.email, requestId: request.id });
      if (Object.keys(errors).length > 0)
        return redirectWithFlash(reply, '/track-order', { form: { name: 'track', values, errors: { ...errors } } });
      const sample = trackSampleOrder(values.orderNumber, values.email).kind === 'found';
      const order = sample ? undefined : await orders.findOrder(values.orderNumber, values.email);
      const result = sample || order ? 'found' : 'not-found';
      const found = order ? { tracked: trackedOrderOf(toOrderView(order)) } : {};
      // The enhanced page posts here with fetch and shows the outcome itself: a found order or not,
      // answered alike (200), so the browser logs no failed request for a number that is not there.
      // A lookup records nothing and its answer is kept for no retry: asked again (after a Cancel, the
      // same nonce and fields), it must say what the order is now, not what it was.
      if (request.headers.accept?.includes('application/json')) {
        keepAnswerOut(request);
        return reply.header('cache-control', 'no-store').send({ result, ...found });
      }
      const flash: Flash = { form: { name: 'track', values, errors: {}, result }, ...found };
      // An order of many lines outgrows a cookie (the browser would drop it, order and all): the post
      // is then answered with the page itself. A lookup changes nothing, so showing it again is safe.
      if (showPage && !fitsCookie(flash)) return showPage(request, reply, '/track-order', flash);
      return redirectWithFlash(reply, '/track-order', flash);
    },
  );

  // A found order's Cancel, proven as the lookup is (the number and address the shopper typed, sent
  // back in hidden fields), under the same limit: the orders service, as POST /api/orders/{number}/cancel.
  // The page comes back showing the order as it is after: cancelled, or (shipped meanwhile) as it is
  // now with the refusal; a number and address that match no order say 'Order Not Found'.
  app.post(
    FORM_ACTIONS.trackOrderCancel,
    { ...formPost, preHandler: app.limitBy('cartAndOrders') },
    async (request, reply) => {
      const values = { orderNumber: field(request.body, 'orderNumber'), email: field(request.body, 'email') };
      const show = (flash: Flash) =>
        showPage && !fitsCookie(flash)
          ? showPage(request, reply, '/track-order', flash)
          : redirectWithFlash(reply, '/track-order', flash);
      const notFound: Flash = { form: { name: 'track', values, errors: {}, result: 'not-found' } };
      if (Object.keys(validateTrackForm(values.orderNumber, values.email)).length > 0) return show(notFound);
      // The sample order has shipped (the page offers it no Cancel): it is shown again, with the reason.
      if (trackSampleOrder(values.orderNumber, values.email).kind === 'found') {
        return show({ form: { name: 'track', values, errors: { cancel: SAMPLE_SHIPPED }, result: 'found' } });
      }
      try {
        const cancelled = await orders.cancelAsShopper(values.orderNumber, values.email, request.commandKey);
        return show({
          form: { name: 'track', values, errors: {}, result: 'cancelled' },
          tracked: trackedOrderOf(toOrderView(cancelled)),
        });
      } catch (error) {
        if (!(error instanceof DomainError)) {
          // The shop failed, not the shopper: the form comes back filled in, to look the order up again.
          request.log.error({ err: error }, 'cancel order form failed');
          return show({
            notice: { title: CANCEL_FAILED.title, description: CANCEL_FAILED.description, tone: 'error' },
            form: { name: 'track', values, errors: {} },
          });
        }
        if (error.kind === 'not-found') return show(notFound);
        const now = await orders.findOrder(values.orderNumber, values.email);
        if (!now) return show(notFound);
        return show({
          form: { name: 'track', values, errors: { cancel: error.message }, result: 'found' },
          tracked: trackedOrderOf(toOrderView(now)),
        });
      }
    },
  );
}
