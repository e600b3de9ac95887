import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant: every process that migrates takes this advisory lock first, so two can start at once. */
const MIGRATION_LOCK = 72_616_001;

export interface Migration {
  id: string;
  sql: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}-[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (f) => ({ id: f.replace(/\.sql$/, ''), sql: await readFile(`${dir}/${f}`, 'utf8') })),
  );
}

/** Applies every migration not yet recorded, all in one transaction (all or nothing), and returns the ids applied. */
export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  return db.transaction(async (tx) => {
    // Transaction-scoped: released on commit or rollback, even if the process dies.
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`create table if not exists schema_migrations (
      id text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set((await tx.query<{ id: string }>('select id from schema_migrations')).rows.map((r) => r.id));
    const applied: string[] = [];
    for (const migration of all) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (id) values ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}
