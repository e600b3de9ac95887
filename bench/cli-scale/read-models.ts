import { connectDatabase } from '../../db/connect.ts';
import { ident } from '../../eventstore/projection.ts';
import { projectionByName, projections } from '../../projections/registry.ts';

/** A read-model table's fingerprint: its row count and the sum of a hash of every row (order does not matter). */
export interface TableHash {
  rows: number;
  sum: string;
}

/** The tables a replay of these projections rebuilds (all of them when none is named). */
export const tablesOf = (names: readonly string[]) =>
  (names.length ? names.map((n) => projectionByName(n)!) : projections).flatMap((p) => p.tables);

/**
 * Every row of each table hashed (md5 of the row as text, 60 bits of it summed): two tables with the same
 * rows, in any physical order, have the same fingerprint; a row that differs in any column changes it.
 */
export async function readModelHashes(
  target: { databaseUrl?: string | undefined; dataDir: string },
  tables: readonly string[],
): Promise<Record<string, TableHash>> {
  const db = await connectDatabase(target);
  try {
    const out: Record<string, TableHash> = {};
    for (const table of tables) {
      const { rows } = await db.query<{ rows: string; sum: string }>(
        `select count(*)::text as rows, coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint::numeric), 0)::text as sum from ${ident(table)} t`,
      );
      out[table] = { rows: Number(rows[0]!.rows), sum: rows[0]!.sum };
    }
    return out;
  } finally {
    // PGlite: one process per data directory, and the commands run in their own.
    await db.close();
  }
}

/** The tables whose rows differ between the two, with both fingerprints. */
export function differences(live: Record<string, TableHash>, rebuilt: Record<string, TableHash>): string[] {
  return Object.keys(rebuilt)
    .filter((t) => live[t]?.rows !== rebuilt[t]!.rows || live[t]?.sum !== rebuilt[t]!.sum)
    .map(
      (t) =>
        `${t}: live ${live[t]?.rows ?? '?'} rows (${live[t]?.sum ?? '?'}), rebuilt ${rebuilt[t]!.rows} rows (${rebuilt[t]!.sum})`,
    );
}
