import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveSessionSecret } from '../../../server/config.ts';
import { connectDatabase } from '../../../db/connect.ts';
import { DataDirLockedError, LOCK_SOCKET, lockDataDir } from '../../../db/data-dir-lock.ts';
import { secureDataDir } from '../../../db/data-dir.ts';
import { openPglite, pgliteFsyncs } from '../../../db/pglite.ts';

const mode = async (file: string) => (await stat(file)).mode & 0o777;
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'dino-dir-'));
  dirs.push(dir);
  return dir;
};

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Another process holding `dir`'s lock, resolved once it has it. */
function holder(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/support/hold-data-dir.ts'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve(child));
    child.once('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
  });
}

describe('one owner per data directory', () => {
  it('a second lock in the same process is refused, naming the holder pid; released, it can be taken again', async () => {
    const dir = await tempDir();
    const lock = await lockDataDir(dir);
    const refused = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).holderPid).toBe(process.pid);
    expect((refused as Error).message).toMatch(
      new RegExp(
        `in use by dino-shop process ${process.pid}: stop that process first, or point DATABASE_URL at PostgreSQL`,
      ),
    );
    await lock.release();
    await (await lockDataDir(dir)).release();
  });

  it('a lock held by another process is refused; after that process is killed with SIGKILL, the next start takes it', async () => {
    const dir = await tempDir();
    const child = await holder(dir);
    const refused = await lockDataDir(dir).catch((error: unknown) => error);
    expect((refused as DataDirLockedError).holderPid).toBe(child.pid);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // The socket file is still there (nobody removed it), but nothing answers it: stale, re-bound.
    await expect(stat(path.join(dir, LOCK_SOCKET))).resolves.toBeDefined();
    const lock = await lockDataDir(dir);
    expect(await mode(path.join(dir, LOCK_SOCKET))).toBe(0o600);
    await lock.release();
  });

  it('connectDatabase refuses a PGlite directory another process owns, before touching its files', async () => {
    const dir = await tempDir();
    await holder(dir);
    await expect(connectDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(stat(path.join(dir, 'pglite'))).rejects.toThrow();
  });
});

describe('owner-only files', () => {
  it('tightens an existing directory with looser modes, and counts what it changed', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'pglite/base'), { recursive: true });
    await writeFile(path.join(dir, 'pglite/base/1'), 'x');
    await chmod(path.join(dir, 'pglite/base/1'), 0o666);
    await chmod(path.join(dir, 'pglite/base'), 0o777);
    await chmod(dir, 0o755);
    expect(await secureDataDir(dir)).toBeGreaterThanOrEqual(3);
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(path.join(dir, 'pglite/base'))).toBe(0o700);
    expect(await mode(path.join(dir, 'pglite/base/1'))).toBe(0o600);
    expect(await secureDataDir(dir)).toBe(0);
  });

  it('the session secret is 0600 whatever the umask, and an existing looser one is tightened', async () => {
    const dir = await tempDir();
    const previous = process.umask(0);
    try {
      await resolveSessionSecret(dir, undefined);
    } finally {
      process.umask(previous);
    }
    expect(await mode(path.join(dir, 'session-secret'))).toBe(0o600);
    await chmod(path.join(dir, 'session-secret'), 0o644);
    await resolveSessionSecret(dir, undefined);
    expect(await mode(path.join(dir, 'session-secret'))).toBe(0o600);
  });
});

describe('PGlite durability', () => {
  it('by default each commit is fsynced, and PGlite creates its files owner-only', async () => {
    const dir = await tempDir();
    const db = await connectDatabase({ dataDir: dir });
    try {
      await db.exec('create table durable_probe (n int)');
      const before = pgliteFsyncs();
      await db.query('insert into durable_probe values (1)');
      expect(pgliteFsyncs()).toBeGreaterThan(before);
      expect(await mode(path.join(dir, 'pglite/PG_VERSION'))).toBe(0o600);
      expect(await mode(path.join(dir, 'pglite'))).toBe(0o700);
    } finally {
      await db.close();
    }
    // close() releases the lock.
    await (await lockDataDir(dir)).release();
  }, 120_000);
});

describe('PGlite memory', () => {
  it('a fresh directory is created by a child process: this process never holds the memory initdb takes', async () => {
    const dir = await tempDir();
    const before = process.memoryUsage().external;
    const db = await openPglite(path.join(dir, 'pglite'), { durable: false });
    try {
      // One PGlite's WebAssembly memory is 128 MB. Created in this process, initdb's module and the
      // buffers of the unpacked files grew it by 715 MB in all, held until a full garbage collection.
      expect(process.memoryUsage().external - before).toBeLessThan(256 * 1024 * 1024);
      expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('a directory PostgreSQL cannot be created in fails with the reason, naming the directory', async () => {
    const dir = path.join(await tempDir(), 'pglite');
    // Left behind by something else: not a cluster (no PG_VERSION), and initdb will not write over it.
    await mkdir(path.join(dir, 'base'), { recursive: true });
    await writeFile(path.join(dir, 'base', '1'), 'not a table');
    await expect(openPglite(dir, { durable: false })).rejects.toThrow(
      new RegExp(`^could not create the database in ${dir} \\(exit code 1\\): \\S`),
    );
  }, 120_000);

  it.each([
    ['durable', true],
    ['PGLITE_SYNC=off', false],
  ])(
    '%s: the embedded database keeps small buffers (it lives in the process heap) and the least WAL',
    async (_name, durable) => {
      const db = await connectDatabase({ dataDir: await tempDir(), durable });
      try {
        const { rows } = await db.query<{ name: string; setting: string }>(
          "select name, current_setting(name) as setting from unnest(array['shared_buffers', 'maintenance_work_mem', 'wal_level']) as name",
        );
        expect(Object.fromEntries(rows.map((r) => [r.name, r.setting]))).toEqual({
          shared_buffers: '16MB',
          maintenance_work_mem: '8MB',
          wal_level: 'minimal',
        });
      } finally {
        await db.close();
      }
    },
    120_000,
  );
});
