import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, resolveSessionSecret } from '../../../api/config.ts';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, logLevel: 'info', trustProxy: false });
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

  it('generates a session secret once and keeps it in DATA_DIR', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dino-config-'));
    const first = await resolveSessionSecret(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveSessionSecret(dir, undefined)).toBe(first);
    expect((await readFile(path.join(dir, 'session-secret'), 'utf8')).trim()).toBe(first);
    expect((await stat(path.join(dir, 'session-secret'))).mode & 0o777).toBe(0o600);
    expect(await resolveSessionSecret(dir, 'x'.repeat(40))).toBe('x'.repeat(40));
  });
});
