import * as v from 'valibot';
import { eventReader } from '../event-reader.ts';

/**
 * Subscription events. The address is personal data and the log is append-only, so it is never
 * written in clear: a Subscribed event carries it encrypted with the subscriber's own key (see
 * personal-seal.ts and db/subscriber-keys.ts), and the stream is named by a keyed hash of it.
 * Forgetting a subscriber deletes that key: the events stay, unreadable.
 */

/** Version 1, written before addresses were encrypted: the address in clear, stream `subscriber-<address>`. */
export interface SubscribedV1 {
  type: 'Subscribed';
  data: { schemaVersion: 1; email: string; at: string };
}

/** The Subscribed schema the shop writes (the address sealed); the projection reads only this one. */
export const SUBSCRIBED_SCHEMA_VERSION = 2;

export interface Subscribed {
  type: 'Subscribed';
  data: {
    schemaVersion: typeof SUBSCRIBED_SCHEMA_VERSION;
    /** The keyed hash of the address that names the stream. */
    subscriberId: string;
    /** The address, encrypted with the subscriber's key (personal-seal.ts). */
    emailCipher: string;
    at: string;
  };
}

export interface SubscriberForgotten {
  type: 'SubscriberForgotten';
  data: { schemaVersion: 1; subscriberId: string; at: string };
}

export type SubscriptionEvent = Subscribed | SubscriberForgotten;
/** What the log may hold: current events, and version 1 where the upgrade has not run yet. */
export type StoredSubscriptionEvent = SubscriptionEvent | SubscribedV1;

export const SUBSCRIBER_STREAM_PREFIX = 'subscriber-';
export const SUBSCRIPTION_EVENT_TYPES = ['Subscribed', 'SubscriberForgotten'] as const;

/** Emails are compared case-insensitively after trimming. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const subscriberStreamId = (subscriberId: string) => `${SUBSCRIBER_STREAM_PREFIX}${subscriberId}`;

const at = v.pipe(v.string(), v.isoTimestamp());
const subscriberId = v.pipe(v.string(), v.nonEmpty());

/**
 * Reads a stored subscription event: a schema per type and version. Version 1 of Subscribed is read
 * as it is (not upcast): turning it into version 2 takes the subscriber's key, which the migration
 * does in the database; until it has run, `evolve` reads both.
 */
export const readSubscriptionEvent = eventReader<StoredSubscriptionEvent>({
  Subscribed: [
    {
      schema: v.object({ schemaVersion: v.literal(1), email: v.pipe(v.string(), v.nonEmpty()), at }),
      upcast: (data: SubscribedV1['data']) => data,
    },
    {
      schema: v.object({
        schemaVersion: v.literal(SUBSCRIBED_SCHEMA_VERSION),
        subscriberId,
        emailCipher: v.pipe(v.string(), v.nonEmpty()),
        at,
      }),
    },
  ],
  SubscriberForgotten: [{ schema: v.object({ schemaVersion: v.literal(1), subscriberId, at }) }],
});
