import { connectDatabase } from '../../db/connect.ts';

/** One raw read of the log (`rawRead`), as the JSON line reports it. */
export interface RawRead {
  rows: number;
  seconds: number;
  perSecond: number;
  loadAvg: [number, number];
}

/**
 * The replays' baseline: every event of the log read into this process, in keyset batches of 10,000
 * by position, as rows of every column, without folding or writing anything. A replay reads the same
 * rows inside the database, so its rate over this one is what the fold and the writes cost.
 */
export async function rawRead(target: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Omit<RawRead, 'loadAvg'>> {
  const db = await connectDatabase(target);
  try {
    const started = performance.now();
    let after = 0;
    let count = 0;
    for (;;) {
      const batch = await db.query<{ position: string }>(
        'select position, stream_id, version, type, data, metadata, created_at from events where position > $1 order by position limit 10000',
        [after],
      );
      if (batch.rows.length === 0) break;
      count += batch.rows.length;
      after = Number(batch.rows[batch.rows.length - 1]!.position);
    }
    const seconds = (performance.now() - started) / 1000;
    return { rows: count, seconds, perSecond: count / seconds };
  } finally {
    // PGlite: one process per data directory, and the commands run in their own.
    await db.close();
  }
}
