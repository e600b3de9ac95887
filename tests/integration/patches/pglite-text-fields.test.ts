import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locate, patchById } from '../../../patches/apply.mjs';

/**
 * PGlite's protocol reader, as patched: a text field is decoded where it lies in the message instead of
 * from a copy of its bytes, so every field must still come out whole, in its place, whatever its length.
 */
describe("PGlite's text fields (patched)", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('is the patched one (npm install applies patches/ in its postinstall step)', () => {
    expect(locate(patchById('pglite-text-field-decode')).state).toBe('applied');
  });

  it('reads every field of every row whole: multi-byte characters, empty strings, nulls, long values', async () => {
    const { rows } = await db.query<{ n: number; a: string | null; b: string; c: string }>(
      `select n, case when n % 3 = 0 then null else repeat('🦖é', n) end as a, '' as b, repeat('x', n * 100) || '-' || n as c
       from generate_series(1, 50) n order by n`,
    );
    expect(rows).toHaveLength(50);
    rows.forEach((row, i) => {
      const n = i + 1;
      expect(row).toEqual({ n, a: n % 3 === 0 ? null : '🦖é'.repeat(n), b: '', c: `${'x'.repeat(n * 100)}-${n}` });
    });
  });

  it('reads the names in a row description and the text of an error', async () => {
    const { fields } = await db.query('select 1 as "Größe 🦕"');
    expect(fields.map((f) => f.name)).toEqual(['Größe 🦕']);
    await expect(db.query("select 'é'::int")).rejects.toThrow('invalid input syntax for type integer: "é"');
  });
});
