import { orderHistoryItem } from '../app/orders/order-view.ts';
import { type OrderEvent, readOrderEvent } from '../domain/orders/order.events.ts';
import type { Consumer } from './consumer.ts';
import type { MailMessage } from './mail/mailer.ts';
import { messageIdFor } from './mail/message-id.ts';
import {
  type Common,
  orderCancelledMessage,
  orderShippedMessage,
  refundIssuedMessage,
} from './mail/order-update-messages.ts';
import { orderRecipient } from './order-recipient.ts';

type Move<Type extends OrderEvent['type']> = Extract<OrderEvent, { type: Type }>;

/**
 * A consumer that mails the order's customer about one kind of move, once per event (a redelivered
 * event mails the same Message-ID). A customer forgotten since the order gets nothing, and the event
 * is handled (no dead letter).
 */
function orderMail<Type extends OrderEvent['type']>(
  name: string,
  type: Type,
  what: string,
  message: (common: Common, move: Move<Type>['data']) => MailMessage,
): Consumer {
  return {
    name,
    eventTypes: [type],
    startAt: 'now',
    async handle(event, { db, mailer, publicUrl, log }) {
      const move = readOrderEvent(event);
      if (move.type !== type) return;
      const data = move.data as Move<Type>['data'];
      const recipient = await orderRecipient(db, data.orderId);
      if (!recipient) {
        log.info({ consumer: name, position: event.position }, `customer forgotten: no ${what} mail`);
        return;
      }
      await mailer.send(
        message(
          {
            ...recipient,
            publicUrl,
            messageId: messageIdFor(name, event.position, mailer.from),
            move: orderHistoryItem(move),
          },
          data,
        ),
      );
    },
  };
}

/** Shipped: carrier, tracking number, estimated delivery and a Track Order link. */
export const orderShipped = orderMail(
  'order-shipped',
  'OrderShipped',
  'shipping',
  (common, { carrier, trackingNumber, eta }) =>
    orderShippedMessage({ ...common, shipment: { carrier, trackingNumber, eta } }),
);

/** Cancelled, by the shopper or the shop (with the shop's reason): what was cancelled. */
export const orderCancelled = orderMail('order-cancelled', 'OrderCancelled', 'cancellation', orderCancelledMessage);

/** Refunded: the amount, the reason, and when it reaches the shopper. */
export const orderRefunded = orderMail('order-refunded', 'RefundIssued', 'refund', refundIssuedMessage);
