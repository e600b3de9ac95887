import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { Database } from '../../db/database.ts';

/**
 * A copy of the test template on a PGlite that allows prepared transactions (PREPARE TRANSACTION):
 * on its one connection, a transaction can be left open, uncommitted, while others commit, which is
 * how a test makes PGlite commit out of position order. The shop's own adapter never enables them.
 */
export async function openTwoPhasePglite(): Promise<{ db: Database; pglite: PGlite; drop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dino-2pc-'));
  await cp(inject('testTemplates').pgliteDir, path.join(dataDir, 'pglite'), { recursive: true });
  const pglite = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    startParams: [...PGlite.defaultStartParams, '-c', 'max_prepared_transactions=2'],
  });
  const query: Database['query'] = async (sql, params) => ({
    rows: (await pglite.query(sql, params as unknown[] | undefined)).rows as never[],
  });
  const db: Database = {
    kind: 'pglite',
    query,
    exec: async (sql) => void (await pglite.exec(sql)),
    transaction: (work) =>
      pglite.transaction((tx) =>
        work({
          query: async (sql, params) => ({
            rows: (await tx.query(sql, params as unknown[] | undefined)).rows as never[],
          }),
          exec: async (sql) => void (await tx.exec(sql)),
        }),
      ),
    listen: async (channel, onNotify) => {
      const unlisten = await pglite.listen(channel, onNotify);
      return () => unlisten();
    },
    close: () => pglite.close(),
  };
  return {
    db,
    pglite,
    async drop() {
      await pglite.close().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
