import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimIdempotencyKey, finishIdempotencyKey, purgeIdempotencyKeys, releaseIdempotencyKey } from '../../../db/idempotency-store.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';

const answer = { status: 201, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' };
const base = { scope: 'session:a', fingerprint: 'f1', leaseMs: 30_000, ttlMs: 60_000 };

describe.each(BACKENDS)('idempotency key store on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(() => database?.drop());

  it('claims a new key once; a repeat sees it running, then answered; another request under it is a mismatch', async () => {
    const key = { ...base, key: 'k-answered' };
    expect(await claimIdempotencyKey(database.db, key)).toEqual({ kind: 'claimed' });
    expect(await claimIdempotencyKey(database.db, key)).toEqual({ kind: 'running' });
    expect(await claimIdempotencyKey(database.db, { ...key, fingerprint: 'f2' })).toEqual({ kind: 'mismatch' });
    await finishIdempotencyKey(database.db, { scope: key.scope, key: key.key, alsoScopes: ['session:b'], answer });
    expect(await claimIdempotencyKey(database.db, key)).toEqual({ kind: 'answered', answer });
    // Found under the session the request created, too.
    expect(await claimIdempotencyKey(database.db, { ...key, scope: 'session:b' })).toEqual({ kind: 'answered', answer });
    // Scopes are separate namespaces.
    expect(await claimIdempotencyKey(database.db, { ...key, scope: 'session:c' })).toEqual({ kind: 'claimed' });
  });

  it('a released key runs again; a lapsed claim (its server died) is taken over by the same request only', async () => {
    const key = { ...base, key: 'k-released' };
    expect((await claimIdempotencyKey(database.db, key)).kind).toBe('claimed');
    await releaseIdempotencyKey(database.db, key);
    expect((await claimIdempotencyKey(database.db, key)).kind).toBe('claimed');

    const lapsing = { ...base, key: 'k-lapsed', leaseMs: -1 };
    expect((await claimIdempotencyKey(database.db, lapsing)).kind).toBe('claimed');
    expect((await claimIdempotencyKey(database.db, { ...lapsing, fingerprint: 'other' })).kind).toBe('mismatch');
    expect((await claimIdempotencyKey(database.db, lapsing)).kind).toBe('claimed');
  });

  it('an expired key is forgotten: purged, and free for any request', async () => {
    const expiring = { ...base, key: 'k-expired', ttlMs: -1 };
    expect((await claimIdempotencyKey(database.db, expiring)).kind).toBe('claimed');
    await finishIdempotencyKey(database.db, { scope: expiring.scope, key: expiring.key, alsoScopes: [], answer });
    expect((await claimIdempotencyKey(database.db, { ...expiring, fingerprint: 'new' })).kind).toBe('claimed');
    await finishIdempotencyKey(database.db, { scope: expiring.scope, key: expiring.key, alsoScopes: [], answer });
    expect(await purgeIdempotencyKeys(database.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await database.db.query<{ n: number }>('select count(*)::int as n from idempotency_keys where expires_at <= now()');
    expect(rows[0]!.n).toBe(0);
  });
});
