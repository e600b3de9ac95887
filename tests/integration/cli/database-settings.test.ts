import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../cli/main.ts';
import { adminQuery, withDatabaseName } from '../../support/postgres-admin.ts';
import { type CliRun, capture } from './cli-support.ts';

/** `dino-shop ...args` in this process with the CLI's own connection (no test database lent to it). */
async function dinoShop(args: readonly string[]): Promise<CliRun> {
  const stdout = capture();
  const stderr = capture();
  const code = await runCli(['node', 'dino-shop', ...args], { stdout: stdout.stream, stderr: stderr.stream });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

// Every command that only reads or acts on data already there.
const readers = [
  ['carts', 'list'],
  ['cart', 'replay', '3f1c2a9e-7d1b-4c55-9a0e-2b7f0c1d9e42'],
  ['events', 'tail'],
  ['projections', 'list'],
  ['projections', 'replay'],
  ['subscribers', 'export'],
  ['subscribers', 'forget', 'rex@example.com'],
];

describe('the database the global options name', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'dino-settings-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  beforeEach(() => {
    // As if neither were set: the options' defaults are read from the environment.
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('DATA_DIR', '');
    vi.stubEnv('PGLITE_SYNC', 'off');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('a command that reads or acts on existing data refuses a directory without a database, and creates nothing', async () => {
    const typo = path.join(root, 'typo');
    const empty = await mkdtemp(path.join(root, 'empty-'));
    for (const command of readers) {
      for (const dir of [typo, empty]) {
        const run = await dinoShop(['--data-dir', dir, ...command]);
        expect(run, `${command.join(' ')} on ${dir}`).toEqual({
          code: 1,
          stdout: '',
          stderr: `dino-shop: no database in ${dir}; check --data-dir, or create one with dino-shop migrate (or seed)\n`,
        });
      }
    }
    expect(existsSync(typo)).toBe(false);
    expect(await readdir(empty)).toEqual([]);
    // The message names the setting the directory came from.
    vi.stubEnv('DATA_DIR', typo);
    expect((await dinoShop(['carts', 'list'])).stderr).toBe(
      `dino-shop: no database in ${typo}; check DATA_DIR, or create one with dino-shop migrate (or seed)\n`,
    );
    expect(existsSync(typo)).toBe(false);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, a database the shop never migrated is refused too, and gets no tables',
    async () => {
      const name = `dino_shop_cli_empty_${process.pid}`;
      await adminQuery(`drop database if exists ${name}`);
      await adminQuery(`create database ${name}`);
      const url = withDatabaseName(process.env.TEST_DATABASE_URL!, name);
      try {
        const where = `PostgreSQL at ${new URL(url).hostname}:${new URL(url).port || 5432}/${name}`;
        for (const command of readers) {
          expect(await dinoShop(['--database-url', url, ...command]), command.join(' ')).toEqual({
            code: 1,
            stdout: '',
            stderr: `dino-shop: no dino-shop database at ${where}; check --database-url, or create its tables with dino-shop migrate (or seed)\n`,
          });
        }
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          expect(
            (
              await client.query(
                "select to_regclass('events') as events, to_regclass('schema_migrations') as migrations",
              )
            ).rows[0],
          ).toEqual({ events: null, migrations: null });
        } finally {
          await client.end();
        }
        expect((await dinoShop(['--database-url', url, 'migrate'])).code).toBe(0);
        expect(await dinoShop(['--database-url', url, 'carts', 'list'])).toEqual({
          code: 0,
          stdout: 'No carts yet.\n',
          stderr: '',
        });
      } finally {
        await adminQuery(`drop database if exists ${name} with (force)`);
      }
    },
  );

  it('migrate creates the database in a new directory; the other commands then use it', {
    timeout: 180_000,
  }, async () => {
    const fresh = path.join(root, 'fresh');
    const migrated = await dinoShop(['--data-dir', fresh, 'migrate']);
    expect(migrated).toMatchObject({ code: 0, stderr: '' });
    expect(migrated.stdout).toMatch(/^Applied \d+ migration\(s\):\n/);
    expect(await dinoShop(['--data-dir', fresh, 'carts', 'list'])).toEqual({
      code: 0,
      stdout: 'No carts yet.\n',
      stderr: '',
    });
  });

  it('a database URL that is not one is refused naming the setting it came from, without its password', async () => {
    expect(await dinoShop(['--database-url', 'postgresql://postgres@127.0.0.1:99999/x', 'carts', 'list'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: --database-url is not a valid URL: "postgresql://postgres@127.0.0.1:99999/x"\n',
    });
    const secret = await dinoShop(['--database-url', 'postgres://rex:t-rex-secret@127.0.0.1:99999/x', 'carts', 'list']);
    expect(secret.stderr).toBe(
      'dino-shop: --database-url is not a valid URL: "postgres://rex:***@127.0.0.1:99999/x"\n',
    );

    vi.stubEnv('DATABASE_URL', 'mysql://x');
    expect(await dinoShop(['carts', 'list'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: DATABASE_URL must be a postgres:// or postgresql:// URL, got "mysql://x"\n',
    });
    vi.stubEnv('DATABASE_URL', 'postgres://127.0.0.1:70000/shop');
    expect((await dinoShop(['carts', 'list'])).stderr).toBe(
      'dino-shop: DATABASE_URL is not a valid URL: "postgres://127.0.0.1:70000/shop"\n',
    );
    // The flag wins over the variable, and is the one named.
    expect((await dinoShop(['--database-url', 'mysql://y', 'carts', 'list'])).stderr).toBe(
      'dino-shop: --database-url must be a postgres:// or postgresql:// URL, got "mysql://y"\n',
    );
  });
});
