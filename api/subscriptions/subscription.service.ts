import type { Subscribe, SubscribeResult } from '../../contracts/subscription.ts';
import { SIGNUP_MESSAGES } from '../../contracts/shop-messages.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { forgetIdempotentAnswersMentioning } from '../../db/idempotency-store.ts';
import { dataKeyFor, deleteDataKey, subscriberLookupKey } from '../../db/subscriber-keys.ts';
import { handleCommand } from '../../eventstore/command-handler.ts';
import type { CommandKey } from '../../eventstore/command-keys.ts';
import { appendWithProjections, groupedAppendWithProjections } from '../../projections/registry.ts';
import { encryptEmail, newDataKey, subscriberIdOf } from '../../domain/subscriptions/email-cipher.ts';
import { decide, evolve, initialState } from '../../domain/subscriptions/subscription.decider.ts';
import { normaliseEmail, readSubscriptionEvent, subscriberStreamId } from '../../domain/subscriptions/subscription.events.ts';

const decider = { readEvent: readSubscriptionEvent, initialState, evolve, decide };

/** The subscriber id of an address: the keyed hash that names its stream. */
export async function subscriberIdFor(db: Queryable, email: string): Promise<string> {
  return subscriberIdOf(await subscriberLookupKey(db), normaliseEmail(email));
}

export function createSubscriptionService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  const append = groupedAppendWithProjections(db);
  return {
    /** `commandKey`: the request's idempotency key (see eventstore/command-keys.ts). */
    async subscribe(input: Subscribe, commandKey?: CommandKey): Promise<SubscribeResult> {
      const email = normaliseEmail(input.email);
      const subscriberId = await subscriberIdFor(db, email);
      // The subscriber's key: theirs if they have one, a fresh one if they are new (or were forgotten).
      const key = await dataKeyFor(db, subscriberId, newDataKey());
      await handleCommand(
        db,
        subscriberStreamId(subscriberId),
        decider,
        () => ({ type: 'Subscribe' as const, subscriberId, emailCipher: encryptEmail(key, email), at: now().toISOString() }),
        { append, ...(commandKey ? { key: commandKey } : {}) },
      );
      // The same answer whether or not the address was on the list already (the decider then records
      // nothing): who is on the list is not for anyone who can type an address to find out.
      return { email, subscribed: true, message: SIGNUP_MESSAGES.successDescription };
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

export interface ForgetOutcome {
  /** A SubscriberForgotten event was recorded (the address was on the list). */
  forgotten: boolean;
  subscriberId: string;
}

/**
 * The right to be forgotten: records SubscriberForgotten (no address in it), empties the read-model
 * row, deletes the subscriber's key — every copy of the address in the log is unreadable from then on —
 * and the remembered API answers that mention the address. The address may subscribe again later.
 */
export async function forgetSubscriber(db: Database, email: string, now: () => Date = () => new Date()): Promise<ForgetOutcome> {
  const normalised = normaliseEmail(email);
  const subscriberId = await subscriberIdFor(db, normalised);
  const { recorded } = await handleCommand(db, subscriberStreamId(subscriberId), decider, () => ({ type: 'Forget' as const, subscriberId, at: now().toISOString() }), {
    append: (database, streamId, expectedVersion, events) =>
      database.transaction(async (tx) => {
        const appended = await appendWithProjections(tx, streamId, expectedVersion, events);
        await deleteDataKey(tx, subscriberId);
        await forgetIdempotentAnswersMentioning(tx, normalised);
        return appended;
      }),
  });
  // Not subscribed (never, or already forgotten): still make sure nothing readable is left.
  if (recorded.length === 0) {
    await deleteDataKey(db, subscriberId);
    await forgetIdempotentAnswersMentioning(db, normalised);
  }
  return { forgotten: recorded.length > 0, subscriberId };
}
