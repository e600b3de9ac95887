import { dataKeyOf } from '../db/subscriber-keys.ts';
import { readSubscriptionEvent } from '../domain/subscriptions/subscription.events.ts';
import type { Consumer } from './consumer.ts';
import { messageIdFor } from './mail/message-id.ts';
import { openOrUndefined } from './mail/open-sealed.ts';
import { welcomeMessage } from './mail/welcome-message.ts';

const NAME = 'welcome-mail';

/**
 * A welcome mail for each new subscription. The address is sealed in the event: it is opened with the
 * subscriber's key, and a subscriber forgotten since (key deleted, or replaced by a later sign-up's)
 * gets nothing: the event is handled, there is no one to write to.
 */
export const welcomeMail: Consumer = {
  name: NAME,
  eventTypes: ['Subscribed'],
  startAt: 'now',
  async handle(event, { db, mailer, publicUrl, log }) {
    const subscribed = readSubscriptionEvent(event);
    if (subscribed.type !== 'Subscribed') return;
    let to: string;
    if (subscribed.data.schemaVersion === 1) {
      to = subscribed.data.email;
    } else {
      const key = await dataKeyOf(db, subscribed.data.subscriberId);
      const opened = key && openOrUndefined(key, subscribed.data.emailCipher);
      if (!opened) {
        log.info({ consumer: NAME, position: event.position }, 'subscriber forgotten: no welcome mail');
        return;
      }
      to = opened;
    }
    await mailer.send(welcomeMessage({ to, publicUrl, messageId: messageIdFor(NAME, event.position, mailer.from) }));
  },
};
