import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database.ts';

/**
 * The embedded adapter: PostgreSQL compiled to WASM, one connection, data in a directory. PGlite
 * serialises queries and transactions itself, so concurrent callers simply queue.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    async query(sql, params) {
      const result = await pglite.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as never[] };
    },
    transaction(work) {
      return pglite.transaction((tx) =>
        work({
          async query(sql, params) {
            const result = await tx.query(sql, params as unknown[] | undefined);
            return { rows: result.rows as never[] };
          },
        }),
      );
    },
    async exec(sql) {
      await pglite.exec(sql);
    },
    async listen(channel, onNotify) {
      const unlisten = await pglite.listen(channel, onNotify);
      return () => unlisten();
    },
    async close() {
      await pglite.close();
    },
  };
}
