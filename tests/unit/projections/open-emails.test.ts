import { afterAll, describe, expect, it } from 'vitest';
import { sealPersonal, newDataKey } from '../../../domain/personal-seal.ts';
import { inlineOpener, workerOpener } from '../../../projections/subscribers/open-emails.ts';

const emails = ['ada@example.com', 'bob+dino@example.co.uk', '"odd,local"@example.org', 'zoë@exämple.de', 'x@y.z'];
const keys = emails.map(() => newDataKey());
const keysHex = keys.map((k) => k.toString('hex'));
const sealed = emails.map((email, i) => sealPersonal(keys[i]!, email));

describe('opening sealed addresses for the export', () => {
  const pool = workerOpener(2);
  afterAll(() => pool.close());

  it('opens each address with its own key, in order, in this thread and in worker threads alike', async () => {
    expect(await inlineOpener.open(keysHex, sealed)).toEqual(emails);
    const batches = await Promise.all([
      pool.open(keysHex, sealed),
      pool.open(keysHex.slice(1), sealed.slice(1)),
      pool.open(keysHex.slice(0, 1), sealed.slice(0, 1)),
    ]);
    expect(batches).toEqual([emails, emails.slice(1), emails.slice(0, 1)]);
  });

  it('rejects a batch holding an address sealed with another key, in a worker as in this thread', async () => {
    const swapped = [keysHex[1]!, keysHex[0]!];
    await expect(inlineOpener.open(swapped, sealed.slice(0, 2))).rejects.toThrow();
    await expect(pool.open(swapped, sealed.slice(0, 2))).rejects.toThrow();
    // The pool still serves after a failed task.
    expect(await pool.open(keysHex, sealed)).toEqual(emails);
  });

  it('closing lets the batches in flight finish: an export stopped early has batches still in the workers', async () => {
    const opener = workerOpener(2);
    const inFlight = Array.from({ length: 6 }, () => opener.open(keysHex, sealed));
    await opener.close();
    expect(await Promise.all(inFlight)).toEqual(inFlight.map(() => emails));
  });
});
