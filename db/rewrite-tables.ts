import type { Executes } from './database.ts';

/** The tables a forget may leave old row versions of an address, or of a deleted key, in. */
export type RewritableTable = 'subscriber_keys' | 'idempotency_keys' | 'consumer_checkpoints' | 'consumer_dead_letters';

/**
 * Rewrites each table into new files (VACUUM FULL), so the bytes of rows deleted or updated leave the
 * table's files: plain VACUUM only marks their space free, and the old text stays in the page until it
 * is written over. Outside any transaction. Holds each table's exclusive lock while it is copied: meant
 * for a rare act (a forget) on small tables. The write-ahead log keeps older versions until the server
 * recycles its segments, as backups do until they expire.
 */
export async function rewriteTables(db: Executes, tables: readonly RewritableTable[]): Promise<void> {
  for (const table of new Set(tables)) await db.exec(`vacuum full ${table}`);
}
