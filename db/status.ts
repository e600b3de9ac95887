import type { Queryable } from './database.ts';
import { type Migration, loadMigrations } from './migrate.ts';

/** Whether the shop's migrations were ever applied here (a database made for it), in one round trip. */
export async function isMigrated(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ migrated: boolean }>(
    "select to_regclass('schema_migrations') is not null as migrated",
  );
  return rows[0]?.migrated === true;
}

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
