import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKeyOutcome, keepAnswer, purgeIdempotencyKeys } from '../../../db/idempotency-store.ts';
import { appendToStream } from '../../../eventstore/streams.ts';
import { AlreadyRecorded, recordedUnder, stampKey } from '../../../eventstore/command-keys.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';

const answer = { status: 201, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' };
const ttlMs = 60_000;
const event = { type: 'Noted', data: { n: 1 } };

describe.each(BACKENDS)('idempotency keys on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(() => database?.drop());

  it('a key is new until an answer is kept; the answer is found under every scope it was kept under, and the first stays', async () => {
    const key = { scope: 'session:a', key: 'k-answered', recordKey: 'r-answered' };
    expect(await findKeyOutcome(database.db, key)).toEqual({ kind: 'new' });
    await keepAnswer(database.db, {
      scopes: ['session:a', 'session:b'],
      key: key.key,
      fingerprint: 'f1',
      ttlMs,
      answer,
    });
    expect(await findKeyOutcome(database.db, key)).toEqual({ kind: 'answered', fingerprint: 'f1', answer });
    expect(await findKeyOutcome(database.db, { ...key, scope: 'session:b' })).toEqual({
      kind: 'answered',
      fingerprint: 'f1',
      answer,
    });
    // A racing attempt's answer does not replace the first.
    await keepAnswer(database.db, {
      scopes: ['session:a'],
      key: key.key,
      fingerprint: 'f1',
      ttlMs,
      answer: { ...answer, body: '{"late":true}' },
    });
    expect(await findKeyOutcome(database.db, key)).toEqual({ kind: 'answered', fingerprint: 'f1', answer });
    // Scopes are separate namespaces.
    expect(await findKeyOutcome(database.db, { ...key, scope: 'session:c' })).toEqual({ kind: 'new' });
  });

  it('a key recorded with its events is found in the log, once: a second append under it records nothing', async () => {
    const commandKey = { key: 'r-recorded', request: 'f2' };
    await appendToStream(database.db, 'note-1', 0, stampKey([event, event], commandKey));
    expect(
      await findKeyOutcome(database.db, { scope: 'session:a', key: 'k-recorded', recordKey: 'r-recorded' }),
    ).toEqual({ kind: 'recorded', fingerprint: 'f2', streamId: 'note-1' });
    expect(await recordedUnder(database.db, 'r-recorded')).toEqual({ streamId: 'note-1', request: 'f2' });
    // Only the first event carries the key.
    const { rows } = await database.db.query<{ n: number }>(
      `select count(*)::int as n from events where metadata ? 'idempotencyKey' and stream_id = 'note-1'`,
    );
    expect(rows[0]!.n).toBe(1);

    await expect(appendToStream(database.db, 'note-2', 0, stampKey([event], commandKey))).rejects.toBeInstanceOf(
      AlreadyRecorded,
    );
    const after = await database.db.query<{ n: number }>(
      `select count(*)::int as n from events where stream_id = 'note-2'`,
    );
    expect(after.rows[0]!.n).toBe(0);
  });

  it('an expired answer is purged and counts as absent', async () => {
    await keepAnswer(database.db, { scopes: ['session:a'], key: 'k-expired', fingerprint: 'f1', ttlMs: -1, answer });
    expect(await findKeyOutcome(database.db, { scope: 'session:a', key: 'k-expired', recordKey: 'r-expired' })).toEqual(
      { kind: 'new' },
    );
    expect(await purgeIdempotencyKeys(database.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await database.db.query<{ n: number }>(
      'select count(*)::int as n from idempotency_keys where expires_at <= now()',
    );
    expect(rows[0]!.n).toBe(0);
  });
});
