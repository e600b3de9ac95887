import type { Subscribe, SubscribeResult } from '../../contracts/subscription.ts';
import { SIGNUP_MESSAGES } from '../../contracts/shop-messages.ts';
import type { Queryable } from '../../db/database.ts';
import { forgetIdempotentAnswersMentioning } from '../../db/idempotency-store.ts';
import { type RewritableTable, rewriteTables } from '../../db/rewrite-tables.ts';
import { ensureDataKey, deleteDataKey, subscriberLookupKey } from '../../db/subscriber-keys.ts';
import type { CommandKey } from '../../eventstore/command-keys.ts';
import { redactFailuresMentioning } from '../../eventstore/consumer-checkpoints.ts';
import { redactDeadLettersMentioning } from '../../eventstore/dead-letters.ts';
import type { EventStore } from '../../eventstore/store.ts';
import { sealPersonal, newDataKey, subscriberIdOf } from '../../domain/personal-seal.ts';
import { decide, evolve, initialState } from '../../domain/subscriptions/subscription.decider.ts';
import {
  normaliseEmail,
  readSubscriptionEvent,
  subscriberStreamId,
} from '../../domain/subscriptions/subscription.events.ts';

const decider = { readEvent: readSubscriptionEvent, initialState, evolve, decide };

/** The subscriber id of an address: the keyed hash that names its stream. */
export async function subscriberIdFor(db: Queryable, email: string): Promise<string> {
  return subscriberIdOf(await subscriberLookupKey(db), normaliseEmail(email));
}

export function createSubscriptionService({ store, now = () => new Date() }: { store: EventStore; now?: () => Date }) {
  const { db } = store;
  return {
    /** `commandKey`: the request's idempotency key (see eventstore/command-keys.ts). */
    async subscribe(input: Subscribe, commandKey?: CommandKey): Promise<SubscribeResult> {
      const email = normaliseEmail(input.email);
      const subscriberId = await subscriberIdFor(db, email);
      // The subscriber's key: theirs if they have one, a fresh one if they are new (or were forgotten).
      const key = await ensureDataKey(db, subscriberId, newDataKey());
      await store.handle(
        subscriberStreamId(subscriberId),
        decider,
        () => ({
          type: 'Subscribe' as const,
          subscriberId,
          emailCipher: sealPersonal(key, email),
          at: now().toISOString(),
        }),
        { key: commandKey },
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
 * and the remembered API answers that mention the address, and redacts it from the consumers' errors
 * (a mail server's refusal names it), then rewrites the tables that held it, so no old row version
 * keeps it in their files. The address may subscribe again later.
 */
export async function forgetSubscriber(
  store: EventStore,
  email: string,
  now: () => Date = () => new Date(),
): Promise<ForgetOutcome> {
  const { db } = store;
  const normalised = normaliseEmail(email);
  const subscriberId = await subscriberIdFor(db, normalised);
  // The tables whose rows held the key or named the address: found again by each attempt (a retried transaction starts again).
  let touched: RewritableTable[] = [];
  const forgetEverywhere = async (tx: Queryable) => {
    touched = (await deleteDataKey(tx, subscriberId)) ? ['subscriber_keys'] : [];
    if ((await forgetIdempotentAnswersMentioning(tx, normalised)) > 0) touched.push('idempotency_keys');
    if ((await redactFailuresMentioning(tx, normalised)) > 0) touched.push('consumer_checkpoints');
    if ((await redactDeadLettersMentioning(tx, normalised)) > 0) touched.push('consumer_dead_letters');
  };
  const { recorded } = await store.handle(
    subscriberStreamId(subscriberId),
    decider,
    () => ({ type: 'Forget' as const, subscriberId, at: now().toISOString() }),
    {
      alsoInTransaction: forgetEverywhere,
    },
  );
  // Not subscribed (never, or already forgotten, or a customer who only ordered): still make sure nothing readable is left.
  if (recorded.length === 0) await db.transaction(forgetEverywhere);
  // The rows are gone or redacted; their old versions (the key's bytes among them) leave the tables' files too.
  await rewriteTables(db, touched);
  return { forgotten: recorded.length > 0, subscriberId };
}
