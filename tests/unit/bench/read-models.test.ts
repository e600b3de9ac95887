import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { differences, readModelHashes } from '../../../bench/cli-scale/read-models.ts';
import { connectDatabase } from '../../../db/connect.ts';

describe("the replay's read-model check", () => {
  it('finds two tables with the same rows in another order the same, and one changed column different', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dino-read-models-'));
    try {
      const target = { dataDir };
      const db = await connectDatabase(target);
      await db.exec(`create table a (id int, body jsonb); create table b (id int, body jsonb);
        insert into a values (1, '{"q": 1}'), (2, '{"q": 2}'); insert into b values (2, '{"q": 2}'), (1, '{"q": 1}')`);
      await db.close();
      const live = await readModelHashes(target, ['a']);
      const same = await readModelHashes(target, ['b']);
      expect(same.b).toEqual(live.a);
      const db2 = await connectDatabase(target);
      await db2.exec(`update b set body = '{"q": 3}' where id = 2`);
      await db2.close();
      const changed = await readModelHashes(target, ['b']);
      expect(differences({ b: live.a! }, changed)).toHaveLength(1);
      expect(differences({ b: live.a! }, same)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
