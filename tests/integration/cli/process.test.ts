import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';

/**
 * `dino-shop ...args` as a real process: its output and exit code. It runs the TypeScript entry point
 * through tsx, so these tests need no build (bin/dino-shop.js runs the same CLI compiled into dist/node;
 * the end-to-end tests and the cold-start bench run that one).
 */
function dinoShop(
  args: readonly string[],
  options: { env?: Record<string, string>; readerGone?: boolean; stdoutTo?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  Object.assign(env, options.env);
  // stdout into a file (`> /dev/full`): the child gets its own descriptor, closed here once it has it.
  const stdoutFile = options.stdoutTo === undefined ? undefined : openSync(options.stdoutTo, 'w');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/index.ts', ...args], {
      env,
      stdio: ['ignore', stdoutFile ?? 'pipe', 'pipe'],
    });
    if (stdoutFile !== undefined) closeSync(stdoutFile);
    // A reader that went away before the first line (`| head -0`): every write meets a closed pipe.
    if (options.readerGone) child.stdout?.destroy();
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('dino-shop as a process', () => {
  it('--help exits 0; an unknown option or command is a usage error: exit 2 with one line', async () => {
    const [help, option, command] = await Promise.all([
      dinoShop(['--help']),
      dinoShop(['projections', 'list', '--verbose']),
      dinoShop(['frobnicate']),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: dino-shop \[options\] \[command\]/);
    expect(option).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: unknown option '--verbose' (see: dino-shop projections list --help)\n",
    });
    expect(command).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: unknown command 'frobnicate' (see: dino-shop --help)\n",
    });
  });

  it('a reader that closes the pipe early ends the command quietly, as `| head` expects', async () => {
    expect(await dinoShop(['--help'], { readerGone: true })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it.runIf(existsSync('/dev/full'))(
    'output that cannot be written (a full disk) is one line and exit code 1, not a stack trace',
    async () => {
      const run = await dinoShop(['--help'], { stdoutTo: '/dev/full' });
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: 'dino-shop: cannot write output: ENOSPC: no space left on device, write\n',
      });
    },
  );

  it('--version prints the version in package.json', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(await dinoShop(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('an empty --data-dir or --database-url is refused; empty variables mean unset', async () => {
    expect(await dinoShop(['--data-dir', '', 'carts', 'list'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: option '--data-dir <dir>' argument '' is invalid. It must not be empty. (see: dino-shop --help)\n",
    });
    expect((await dinoShop(['--database-url', ' ', 'carts', 'list'])).stderr).toMatch(
      /^error: option '--database-url <url>' argument ' ' is invalid\. It must not be empty\./,
    );
    // Refused by the flag's own name before anything starts (PORT is the variable's, not the flag's).
    expect(await dinoShop(['serve', '--port', 'abc'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: option '--port <port>' argument 'abc' is invalid. Expected a port number from 0 to 65535. (see: dino-shop serve --help)\n",
    });
    const help = await dinoShop(['--help'], { env: { DATABASE_URL: '', DATA_DIR: '' } });
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('(default: DATA_DIR or ./data)');
    expect(help.stdout).not.toContain('(default: "');
  });

  it('an unreachable database exits 1 with one line naming it', async () => {
    const run = await dinoShop(['--database-url', 'postgres://127.0.0.1:1/nowhere', 'projections', 'list']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^dino-shop: cannot reach the database \(PostgreSQL at 127\.0\.0\.1:1\/nowhere\): [^\n]*ECONNREFUSED[^\n]*\n$/,
    );
    const bad = await dinoShop(['--database-url', 'mysql://x', 'seed']);
    expect(bad).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: --database-url must be a postgres:// or postgresql:// URL, got "mysql://x"\n',
    });
  });

  it('serve refuses a renamed setting: exit 1 naming the variable to set, before anything is written', async () => {
    // Given a data directory and a limit raised under its old name
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dino-renamed-'));
    try {
      // When the shop is started
      const run = await dinoShop(['--data-dir', dataDir, 'serve'], {
        env: { PORT: '0', RATE_LIMIT_CART_WRITES: '600' },
      });
      // Then it stops at once with the new name, and leaves the data directory untouched
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'dino-shop: Invalid configuration:\n  - RATE_LIMIT_CART_WRITES: RATE_LIMIT_CART_WRITES is no longer read, it was renamed: set RATE_LIMIT_CART_AND_ORDERS instead\n',
      });
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a PGLITE_SYNC the server would refuse, rather than guessing', async () => {
    const run = await dinoShop(['projections', 'list'], { env: { PGLITE_SYNC: '0' } });
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'dino-shop: PGLITE_SYNC must be on or off\n' });
  });
});

describe.each(BACKENDS)('dino-shop as a process on %s', (backend) => {
  let database: TestDatabase;
  let globals: string[];
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    // PGlite allows one process per data directory: hand it over to the CLI.
    if (backend === 'pglite') await database.db.close();
    globals = database.target.databaseUrl
      ? ['--database-url', database.target.databaseUrl]
      : ['--data-dir', database.target.dataDir];
  });
  afterAll(() => database?.drop());

  it('exits 0 on success and 1 on an unknown cart', async () => {
    const seed = await dinoShop([...globals, 'seed']);
    expect(seed).toMatchObject({ code: 0, stderr: '' });
    expect(seed.stdout).toMatch(/nothing changed\.\n$/);
    const cart = await dinoShop([...globals, 'cart', 'replay', 'cart-7a0c1e1e-0000-4000-8000-000000000001']);
    expect(cart).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'dino-shop: no cart 7a0c1e1e-0000-4000-8000-000000000001: the stream cart-7a0c1e1e-0000-4000-8000-000000000001 has no events\n',
    });
  });

  it('an order move exits 1 on an unknown order and 2 on a bad argument', async () => {
    const [unknown, bad] = await Promise.all([
      dinoShop([
        ...globals,
        'orders',
        'ship',
        'DINO-000000',
        '--carrier',
        'Pterodactyl Express',
        '--tracking',
        'PTX-1',
      ]),
      dinoShop([...globals, 'orders', 'refund', 'DINO-000000', '--amount', '12.345']),
    ]);
    expect(unknown).toEqual({ code: 1, stdout: '', stderr: 'dino-shop: no order #DINO-000000\n' });
    expect(bad).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: option '--amount <decimal>' argument '12.345' is invalid. Expected an amount in dollars with at most two decimals, e.g. 12.34. (see: dino-shop orders refund --help)\n",
    });
  });

  it.runIf(existsSync('/dev/full'))(
    '`carts list > /dev/full` and `subscribers export > /dev/full` fail in one line',
    async () => {
      for (const command of [
        ['carts', 'list'],
        ['subscribers', 'export'],
      ]) {
        const run = await dinoShop([...globals, ...command], { stdoutTo: '/dev/full' });
        expect(run, command.join(' ')).toEqual({
          code: 1,
          stdout: '',
          stderr: 'dino-shop: cannot write output: ENOSPC: no space left on device, write\n',
        });
      }
    },
  );
});
