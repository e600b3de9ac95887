import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { freshTarget, startServer } from './fault-support.ts';

/**
 * The rate limits' Redis (REDIS_URL): unreachable at start, the start fails at once and says why; gone
 * while the shop runs, the shop keeps answering with the limits counted in the process, and counts in
 * Redis again when it returns.
 */

/** A port nothing listens on (the OS gave it out and it was closed again). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    retryStrategy: () => 50,
    maxRetriesPerRequest: 0,
  });
  probe.on('error', () => undefined);
  await expect.poll(() => probe.ping().catch(() => 'down'), { timeout: 5_000, interval: 50 }).toBe('PONG');
  probe.disconnect();
  return child;
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

describe('rate limits in Redis', () => {
  it('an unreachable REDIS_URL stops the start within 10 s, naming the setting and the address without its password', async () => {
    const port = await closedPort();
    const target = await freshTarget('pglite');
    const started = Date.now();
    const child = spawn(
      process.execPath,
      [path.resolve('bin/dino-shop.js'), ...target.globals, 'serve', '--port', '0', '--host', '127.0.0.1'],
      {
        env: {
          ...process.env,
          NODE_ENV: '',
          LOG_LEVEL: 'warn',
          SESSION_SECRET: 'a-fault-suite-secret-that-is-long-enough',
          REDIS_URL: `redis://shop:hunter2-secret@127.0.0.1:${port}/0`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    try {
      const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
      const ms = Date.now() - started;
      expect(code, stderr).toBe(1);
      expect(ms).toBeLessThan(10_000);
      const last = stderr.trim().split('\n').at(-1)!;
      expect(last).toMatch(/^dino-shop: .*REDIS_URL/);
      expect(last).toContain(`127.0.0.1:${port}`);
      expect(stderr).not.toContain('hunter2');
      expect(stderr).not.toMatch(/Unhandled error event/);
    } finally {
      clearTimeout(killer);
      await target.drop();
    }
  });

  it('while Redis is gone the shop answers, limits count in the process (one warning, a metric); when it returns, counters are in Redis again', async () => {
    const port = await closedPort();
    let redis = await startRedis(port);
    const target = await freshTarget('pglite');
    const server = await startServer(target, { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_SIGN_UPS: '3' });
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    let n = 0;
    const subscribe = async () => {
      const response = await fetch(`${server.url}/api/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `outage-${n++}@example.com` }),
        signal: AbortSignal.timeout(5_000),
      });
      return response.status;
    };
    const fallback = async () =>
      /^dino_rate_limit_store_fallback (\d)$/m.exec(await (await fetch(`${server.url}/metrics`)).text())?.[1];
    const counted = async () => {
      const keys = await client.keys('*signUps:127.0.0.1');
      return keys.length === 1 ? Number(await client.get(keys[0]!)) : 0;
    };
    try {
      expect(await subscribe()).toBe(201);
      expect(await counted()).toBe(1);
      expect(await fallback()).toBe('0');

      redis.kill('SIGKILL');
      await stopped(redis);
      client.disconnect();
      // The limit of three holds, counted by the process alone.
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push(await subscribe());
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(await fallback()).toBe('1');
      expect(server.output().match(/rate limits count in this process/g) ?? []).toHaveLength(1);
      expect(server.output()).not.toMatch(/Unhandled error event/);

      redis = await startRedis(port);
      await client.connect();
      await expect.poll(fallback, { timeout: 10_000, interval: 200 }).toBe('0');
      expect(await subscribe()).toBe(201);
      expect(await counted()).toBe(1);
      expect(server.output()).toMatch(/Redis is back/);
    } finally {
      client.disconnect();
      await server.stop();
      redis.kill('SIGKILL');
      await stopped(redis);
      await target.drop();
    }
  });
});
