import { execFile, execFileSync } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readFile, readlink, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, SessionSecretError, parseEnv, resolveSessionSecret } from '../../../server/config.ts';

const run = promisify(execFile);

describe('config', () => {
  it('has the documented defaults', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('reports every bad field at once', () => {
    let caught: unknown;
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toEqual([
      'PORT: PORT must be a number from 0 to 65535',
      'DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://',
      'SESSION_SECRET: SESSION_SECRET must be at least 32 characters',
    ]);
  });

  it('refuses a renamed setting, naming the variable to set, rather than starting with the default limit', () => {
    // Given a deployment that still raises its limits under the names they had before
    const env = { RATE_LIMIT_CART_WRITES: '600', RATE_LIMIT_SUBSCRIPTIONS: '100', RATE_LIMIT_NEW_CARTS: 'many' };
    // When the environment is parsed
    let caught: unknown;
    try {
      parseEnv(env);
    } catch (error) {
      caught = error;
    }
    // Then the start stops with every problem at once, each old name told its new one
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'RATE_LIMIT_NEW_CARTS: RATE_LIMIT_NEW_CARTS must be a whole number from 1 to 1000000',
      'RATE_LIMIT_CART_WRITES: RATE_LIMIT_CART_WRITES is no longer read, it was renamed: set RATE_LIMIT_CART_AND_ORDERS instead',
      'RATE_LIMIT_SUBSCRIPTIONS: RATE_LIMIT_SUBSCRIPTIONS is no longer read, it was renamed: set RATE_LIMIT_SIGN_UPS instead',
    ]);
    // And an old name left empty is unset, like any other variable
    expect(parseEnv({ RATE_LIMIT_CART_WRITES: '', RATE_LIMIT_CART_AND_ORDERS: '600' }).rateLimits.cartAndOrders).toBe(
      600,
    );
  });

  it('generates a session secret once and keeps it in DATA_DIR', async () => {
    const dir = await secretDir();
    const first = await resolveSessionSecret(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveSessionSecret(dir, undefined)).toBe(first);
    expect((await readFile(path.join(dir, 'session-secret'), 'utf8')).trim()).toBe(first);
    expect((await stat(path.join(dir, 'session-secret'))).mode & 0o777).toBe(0o600);
    expect(await resolveSessionSecret(dir, 'x'.repeat(40))).toBe('x'.repeat(40));
  });

  it('creates a missing DATA_DIR and secret, owner-only', async () => {
    const dir = path.join(await secretDir(), 'new', 'data');
    const secret = await resolveSessionSecret(dir, undefined);
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(await readFile(path.join(dir, 'session-secret'), 'utf8')).toBe(`${secret}\n`);
    expect((await stat(path.join(dir, 'session-secret'))).mode & 0o777).toBe(0o600);
  });

  it('uses a stored secret of 32 characters or more, without the whitespace around it', async () => {
    const dir = await secretDir();
    await writeFile(path.join(dir, 'session-secret'), `  ${'k'.repeat(32)}\n\n`);
    expect(await resolveSessionSecret(dir, undefined)).toBe('k'.repeat(32));
  });

  it('refuses a stored secret cut short, and leaves the file as it was', async () => {
    const dir = await secretDir();
    const file = path.join(dir, 'session-secret');
    await writeFile(file, `${'k'.repeat(31)}  \n`, { mode: 0o600 });
    const before = await stat(file);
    await expect(resolveSessionSecret(dir, undefined)).rejects.toThrow(
      new SessionSecretError(file, 'is shorter than 32 characters'),
    );
    expect(await readFile(file, 'utf8')).toBe(`${'k'.repeat(31)}  \n`);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
    expect(await readdir(dir)).toEqual(['session-secret']);
  });

  it('says what is wrong and what to do, in one line', async () => {
    const dir = await secretDir();
    await writeFile(path.join(dir, 'session-secret'), 'short\n');
    await expect(resolveSessionSecret(dir, undefined)).rejects.toThrow(
      `the session secret ${path.join(dir, 'session-secret')} is shorter than 32 characters: delete it to create a new one, or set SESSION_SECRET`,
    );
  });

  it('refuses a directory at the path of the secret (EISDIR) and leaves it', async () => {
    const dir = await secretDir();
    await mkdir(path.join(dir, 'session-secret'));
    await writeFile(path.join(dir, 'session-secret', 'kept'), 'x');
    await expect(resolveSessionSecret(dir, undefined)).rejects.toThrow(
      /session-secret is not a regular file: delete it/,
    );
    expect(await readdir(path.join(dir, 'session-secret'))).toEqual(['kept']);
  });

  it('refuses a named pipe at the path of the secret at once, rather than waiting for a writer', async () => {
    const dir = await secretDir();
    execFileSync('mkfifo', [path.join(dir, 'session-secret')]);
    await expect(resolveSessionSecret(dir, undefined)).rejects.toThrow(/session-secret is not a regular file/);
    expect((await lstat(path.join(dir, 'session-secret'))).isFIFO()).toBe(true);
  });

  it('refuses a secret that cannot be opened (a symbolic link loop, ELOOP) and leaves the link', async () => {
    const dir = await secretDir();
    await symlink('session-secret', path.join(dir, 'session-secret'));
    await expect(resolveSessionSecret(dir, undefined)).rejects.toThrow(
      /session-secret cannot be read \(ELOOP\): delete it/,
    );
    expect(await readlink(path.join(dir, 'session-secret'))).toBe('session-secret');
  });

  it('refuses a secret whose read fails (EIO) and leaves it', async () => {
    const dir = await secretDir();
    // Reading a process's memory from address 0 fails with EIO: a read error after a successful open.
    await symlink('/proc/self/mem', path.join(dir, 'session-secret'));
    await expect(resolveSessionSecret(dir, undefined)).rejects.toThrow(/session-secret cannot be read \(EIO\)/);
    expect(await readlink(path.join(dir, 'session-secret'))).toBe('/proc/self/mem');
  });

  it('refuses a link to a missing file rather than creating a secret through it', async () => {
    const dir = await secretDir();
    await symlink('elsewhere', path.join(dir, 'session-secret'));
    await expect(resolveSessionSecret(dir, undefined)).rejects.toThrow(/session-secret is a link to a missing file/);
    expect(await readdir(dir)).toEqual(['session-secret']);
  });

  // sysfs refuses a new directory even to root: a DATA_DIR the shop may not create.
  it.runIf(process.platform === 'linux')('says why a missing secret cannot be created', async () => {
    const dir = `/sys/dino-shop-test-${process.pid}`;
    await expect(resolveSessionSecret(dir, undefined)).rejects.toThrow(
      `the session secret ${dir}/session-secret cannot be created (EPERM): let the shop write to DATA_DIR, or set SESSION_SECRET`,
    );
  });

  it('refuses a secret it may not read (EACCES) and leaves it', async () => {
    const dir = await secretDir();
    const file = path.join(dir, 'session-secret');
    await writeFile(file, 'k'.repeat(40), { mode: 0o000 });
    expect(await resolvedByAnotherUser(dir)).toMatch(
      /^refused: the session secret .*session-secret cannot be read \(EACCES\)/,
    );
    expect((await stat(file)).mode & 0o777).toBe(0o000);
  });
});

const secretDir = () => mkdtemp(path.join(tmpdir(), 'dino-config-'));

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The user and group `nobody` (65534 on Linux). */
const NOBODY = 65534;

/**
 * resolveSessionSecret(dir) as a user who is not root, whom permissions bind ('resolved', or
 * 'refused: ' and the error's message). Root reads any file, so as root (as CI runs) it runs in a
 * child process as nobody, which may pass through `dir` but not read the files in it.
 */
async function resolvedByAnotherUser(dir: string): Promise<string> {
  if (process.getuid?.() !== 0) {
    return resolveSessionSecret(dir, undefined).then(
      () => 'resolved',
      (error: Error) => `refused: ${error.message}`,
    );
  }
  await chmod(dir, 0o711);
  const script = `import(process.argv[1]).then((m) => m.resolveSessionSecret(process.argv[2], undefined)).then(
    () => process.stdout.write('resolved'),
    (error) => process.stdout.write('refused: ' + error.message),
  );`;
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', '-e', script, pathToFileURL(path.join(ROOT, 'server/config.ts')).href, dir],
    {
      cwd: ROOT,
      uid: NOBODY,
      gid: NOBODY,
    },
  );
  return stdout;
}
