import { randomBytes } from 'node:crypto';
import type { Queryable } from './database.ts';

/** The key subscriber ids are hashed with: created once, the first time it is asked for. */
export async function subscriberLookupKey(db: Queryable): Promise<Buffer> {
  const { rows } = await db.query<{ key: Uint8Array }>(
    `with created as (
       insert into subscriber_lookup_key (id, key) values (1, $1) on conflict (id) do nothing returning key
     )
     select key from created union all select key from subscriber_lookup_key where id = 1 and not exists (select 1 from created)`,
    [randomBytes(32)],
  );
  // Empty only when a concurrent first call's row was committed after this statement's snapshot.
  return rows[0] ? Buffer.from(rows[0].key) : subscriberLookupKey(db);
}

/** The customer's data key, made if they have none: the existing one, or `fresh` stored as theirs. */
export async function ensureDataKey(db: Queryable, subscriberId: string, fresh: Buffer): Promise<Buffer> {
  const { rows } = await db.query<{ key: Uint8Array }>(
    `with created as (
       insert into subscriber_keys (subscriber_id, key) values ($1, $2) on conflict (subscriber_id) do nothing returning key
     )
     select key from created union all select key from subscriber_keys where subscriber_id = $1 and not exists (select 1 from created)`,
    [subscriberId, fresh],
  );
  return rows[0] ? Buffer.from(rows[0].key) : ensureDataKey(db, subscriberId, fresh);
}

/** Shreds: without its key, the subscriber's address in the log can never be read again. */
export async function deleteDataKey(db: Queryable, subscriberId: string): Promise<boolean> {
  const { rows } = await db.query('delete from subscriber_keys where subscriber_id = $1 returning 1', [subscriberId]);
  return rows.length > 0;
}

/** The subscriber's data key, or undefined once they were forgotten (read only: never makes one). */
export async function dataKeyOf(db: Queryable, subscriberId: string): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ key: Uint8Array }>('select key from subscriber_keys where subscriber_id = $1', [
    subscriberId,
  ]);
  return rows[0] ? Buffer.from(rows[0].key) : undefined;
}
