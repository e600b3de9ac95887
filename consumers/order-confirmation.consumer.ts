import { dataKeyOf } from '../db/subscriber-keys.ts';
import { type OrderPersonal, readOrderEvent } from '../domain/orders/order.events.ts';
import type { Consumer } from './consumer.ts';
import { messageIdFor } from './mail/message-id.ts';
import { openOrUndefined } from './mail/open-sealed.ts';
import { orderConfirmationMessage } from './mail/order-confirmation-message.ts';

const NAME = 'order-confirmation';

/**
 * A confirmation for each placed order. The contact and address are sealed with the customer's key:
 * a customer forgotten since the order (key deleted, or replaced by a later sign-up's) gets nothing,
 * and the event is handled: there is no one to write to, so it is no dead letter.
 */
export const orderConfirmation: Consumer = {
  name: NAME,
  eventTypes: ['OrderPlaced'],
  startAt: 'now',
  async handle(event, { db, mailer, publicUrl, log }) {
    const placed = readOrderEvent(event);
    if (placed.type !== 'OrderPlaced') return;
    const key = await dataKeyOf(db, placed.data.customerId);
    const opened = key && openOrUndefined(key, placed.data.personal);
    if (!opened) {
      log.info({ consumer: NAME, position: event.position }, 'customer forgotten: no order confirmation');
      return;
    }
    const personal = JSON.parse(opened) as OrderPersonal;
    await mailer.send(
      orderConfirmationMessage({
        order: placed.data,
        personal,
        publicUrl,
        messageId: messageIdFor(NAME, event.position, mailer.from),
      }),
    );
  },
};
