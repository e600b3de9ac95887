import type { Queryable } from './database.ts';
import { type Migration, loadMigrations } from './migrate.ts';

/** One round trip: resolves when the database answers. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('select 1');
}

/** The migrations this code ships: read from disk once per process. */
let shipped: Promise<Migration[]> | undefined;

/** Migrations this code ships that the database has not applied (all of them before the first migrate). */
export async function pendingMigrations(db: Queryable, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await (shipped ??= loadMigrations()));
  const { rows } = await db.query<{ applied: string[] | null }>(
    `select case when to_regclass('schema_migrations') is null then null
                 else (select coalesce(array_agg(id), '{}') from schema_migrations) end as applied`,
  );
  const applied = new Set(rows[0]?.applied ?? []);
  return all.map((m) => m.id).filter((id) => !applied.has(id));
}
