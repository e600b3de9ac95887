import { ensureDataKey } from '../../db/subscriber-keys.ts';
import { type RequestStockAlert, decide, evolve, initialState } from '../../domain/stock-alerts/stock-alert.decider.ts';
import { readStockAlertEvent, stockAlertStreamId } from '../../domain/stock-alerts/stock-alert.events.ts';
import { normaliseEmail } from '../../domain/subscriptions/subscription.events.ts';
import { sealPersonal, newDataKey } from '../../domain/personal-seal.ts';
import { alertVariant } from '../../projections/stock-alerts/stock-alerts.queries.ts';
import type { EventStore } from '../../eventstore/store.ts';
import { subscriberIdFor } from '../subscriptions/subscription.service.ts';

const decider = { readEvent: readStockAlertEvent, initialState, evolve, decide };

export function createStockAlertService({ store, now = () => new Date() }: { store: EventStore; now?: () => Date }) {
  const { db } = store;
  return {
    /**
     * "E-mail me when it's back": one waiting alert per address and variant (asking again records
     * nothing, and answers the same). The address is sealed with the key its subscriber id has, so
     * forgetting the address makes the request unreadable too.
     */
    async request(input: { email: string; productId: number; variantId: number }): Promise<void> {
      const email = normaliseEmail(input.email);
      const subscriberId = await subscriberIdFor(db, email);
      // Read once, before deciding: stock received meanwhile answers the request anyway.
      const found = await alertVariant(db, input.variantId);
      const variant: RequestStockAlert['variant'] =
        !found || found.productId !== input.productId ? 'unknown' : found.stock > 0 ? 'in-stock' : 'sold-out';
      const command = (emailCipher: string): RequestStockAlert => ({
        type: 'RequestStockAlert',
        subscriberId,
        emailCipher,
        productId: input.productId,
        variantId: input.variantId,
        variant,
        at: now().toISOString(),
      });
      // Refused before the address gets a key: a refusal stores nothing of it.
      if (variant !== 'sold-out') decide(command(''), initialState());
      const emailCipher = sealPersonal(await ensureDataKey(db, subscriberId, newDataKey()), email);
      await store.handle(stockAlertStreamId(subscriberId, input.variantId), decider, () => command(emailCipher));
    },
  };
}

export type StockAlertService = ReturnType<typeof createStockAlertService>;
