import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** `dino-shop --data-dir DIR serve` as a real process; killed if it is still running after `ms` (it started). */
function serve(dataDir: string, ms = 60_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.SESSION_SECRET;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/index.ts', '--data-dir', dataDir, 'serve'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('dino-shop serve with a session secret it cannot use', () => {
  it('stops with exit code 1 and one line naming the file and what to do, and leaves the file', {
    timeout: 120_000,
  }, async () => {
    const short = await mkdtemp(path.join(tmpdir(), 'dino-secret-'));
    const directory = await mkdtemp(path.join(tmpdir(), 'dino-secret-'));
    dirs.push(short, directory);
    await writeFile(path.join(short, 'session-secret'), 'cut-short\n', { mode: 0o600 });
    await mkdir(path.join(directory, 'session-secret'));

    const [shortRun, directoryRun] = await Promise.all([serve(short), serve(directory)]);
    expect(shortRun).toEqual({
      code: 1,
      stdout: '',
      stderr: `dino-shop: the session secret ${path.join(short, 'session-secret')} is shorter than 32 characters: delete it to create a new one, or set SESSION_SECRET\n`,
    });
    expect(directoryRun).toEqual({
      code: 1,
      stdout: '',
      stderr: `dino-shop: the session secret ${path.join(directory, 'session-secret')} is not a regular file: delete it to create a new one, or set SESSION_SECRET\n`,
    });
    // Nothing else was started or written: no database, the files as they were.
    expect(await readdir(short)).toEqual(['session-secret']);
    expect(await readFile(path.join(short, 'session-secret'), 'utf8')).toBe('cut-short\n');
    expect(await readdir(directory)).toEqual(['session-secret']);
  });
});
