import { createHash } from 'node:crypto';
import { dataKeyOf } from '../db/subscriber-keys.ts';
import { decide, evolve, initialState } from '../domain/stock-alerts/stock-alert.decider.ts';
import { readOrderEvent } from '../domain/orders/order.events.ts';
import { readStockAlertEvent } from '../domain/stock-alerts/stock-alert.events.ts';
import { readStockEvent } from '../domain/stock/stock.events.ts';
import { stockDeltas } from '../domain/stock/stock-deltas.ts';
import type { RecordedEvent } from '../eventstore/streams.ts';
import { alertVariant, waitingAlerts } from '../projections/stock-alerts/stock-alerts.queries.ts';
import type { Consumer } from './consumer.ts';
import { backInStockMessage } from './mail/back-in-stock-message.ts';
import { senderDomain } from './mail/message-id.ts';
import { openOrUndefined } from './mail/open-sealed.ts';

const NAME = 'back-in-stock';
const decider = { readEvent: readStockAlertEvent, initialState, evolve, decide };

/** One id per event and alert: a redelivered event mails the same message, recognisably. */
const messageIdOf = (position: number, streamId: string, from: string) =>
  `<${NAME}.${position}.${createHash('sha256').update(streamId).digest('hex').slice(0, 16)}@${senderDomain(from)}>`;

/**
 * The variants whose units an event puts back on sale: a receipt's, a cancelled order's lines', and
 * the lines of a return taken back into stock (a return not restocked puts nothing on sale).
 */
export function restockedVariants(event: RecordedEvent): number[] {
  const read = event.type === 'StockReceived' ? readStockEvent(event) : readOrderEvent(event);
  return [...stockDeltas([read])].filter(([, delta]) => delta > 0).map(([variantId]) => variantId);
}

/**
 * When units come back on sale (stock received, an order cancelled, a return restocked), each address
 * waiting for one of their variants gets one mail, then its alert is recorded fulfilled (a crash
 * between the two sends the same Message-ID again, never a second alert). The stock is not looked at
 * again: a variant sold out anew before the mail goes is still worth telling the shopper about. A
 * forgotten address gets nothing, and its alert is fulfilled all the same.
 */
export const backInStock: Consumer = {
  name: NAME,
  eventTypes: ['StockReceived', 'OrderCancelled', 'ReturnReceived'],
  startAt: 'now',
  async handle(event, { db, store, mailer, publicUrl, log }) {
    for (const variantId of restockedVariants(event)) {
      const waiting = await waitingAlerts(db, variantId);
      if (waiting.length === 0) continue;
      const variant = await alertVariant(db, variantId);
      for (const alert of waiting) {
        const key = await dataKeyOf(db, alert.subscriberId);
        const to = key && openOrUndefined(key, alert.emailCipher);
        if (to && variant)
          await mailer.send(
            backInStockMessage({
              to,
              variant,
              publicUrl,
              messageId: messageIdOf(event.position, alert.streamId, mailer.from),
            }),
          );
        else log.info({ consumer: NAME, position: event.position }, 'alert address forgotten: no back-in-stock mail');
        await store.handle(alert.streamId, decider, () => ({
          type: 'FulfilStockAlert' as const,
          variantId,
          receiptPosition: event.position,
          at: new Date().toISOString(),
        }));
      }
    }
  },
};
