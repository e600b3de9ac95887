import type { Database } from '../../db/database.ts';
import { ensureDataKey, subscriberLookupKey } from '../../db/subscriber-keys.ts';
import { eventsOfVersion, rewriteEvents } from '../../eventstore/log-rewrite.ts';
import { replayProjections } from '../../projections/replay.ts';
import { subscribersProjection } from '../../projections/subscribers/subscribers.projection.ts';
import { sealPersonal, newDataKey, subscriberIdOf } from '../../domain/personal-seal.ts';
import { UnreadableEvent } from '../../domain/event-reader.ts';
import {
  SUBSCRIBED_SCHEMA_VERSION,
  type Subscribed,
  normaliseEmail,
  readSubscriptionEvent,
  subscriberStreamId,
} from '../../domain/subscriptions/subscription.events.ts';

/** Told how many subscriptions are to be sealed, then how many are done: a large old list takes a while. */
export interface SealProgress {
  onStart?: (total: number) => void;
  onProgress?: (sealed: number) => void;
}

/**
 * Seals subscriptions written before addresses were encrypted: every Subscribed v1 (address in
 * clear, stream `subscriber-<address>`) becomes a Subscribed v2 in place — the address encrypted with
 * the subscriber's key, the stream named by the keyed hash — so old data can be forgotten too. One
 * transaction; a no-op once done. Returns how many events it sealed.
 */
export async function sealClearSubscriptions(db: Database, progress: SealProgress = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const old = await eventsOfVersion(tx, 'Subscribed', 1);
    if (old.length === 0) return 0;
    progress.onStart?.(old.length);
    const lookupKey = await subscriberLookupKey(tx);
    const rewrites = [];
    for (const event of old) {
      // Parsed, never cast: a row no schema accepts stops the upgrade (nothing is rewritten) rather
      // than sealing a missing address into the log.
      const stored = readSubscriptionEvent(event);
      if (stored.type !== 'Subscribed' || stored.data.schemaVersion !== 1)
        throw new UnreadableEvent(event, 'not a Subscribed event of version 1');
      const { email: clear, at } = stored.data;
      const email = normaliseEmail(clear);
      const subscriberId = subscriberIdOf(lookupKey, email);
      const key = await ensureDataKey(tx, subscriberId, newDataKey());
      const data: Subscribed['data'] = {
        schemaVersion: SUBSCRIBED_SCHEMA_VERSION,
        subscriberId,
        emailCipher: sealPersonal(key, email),
        at,
      };
      rewrites.push({ position: event.position, streamId: subscriberStreamId(subscriberId), data });
      progress.onProgress?.(rewrites.length);
    }
    await rewriteEvents(tx, rewrites);
    return rewrites.length;
  });
}

/** Seals what is left in clear and, if anything was, rebuilds the mailing list from the sealed log. */
export async function upgradeSubscriptions(db: Database, progress: SealProgress = {}): Promise<number> {
  const sealed = await sealClearSubscriptions(db, progress);
  if (sealed > 0) await replayProjections(db, [subscribersProjection]);
  return sealed;
}
