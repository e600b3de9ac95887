import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import WebSocket from 'ws';
import { adminQuery, withDatabaseName } from '../support/postgres-admin.ts';

/** The fault suite runs on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface Target {
  backend: Backend;
  dataDir: string;
  databaseUrl?: string;
  /** CLI global options that name this database. */
  globals: string[];
  drop(): Promise<void>;
}

/** A fresh migrated and seeded database (a copy of this run's template), like the integration tests'. */
export async function freshTarget(backend: Backend): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dino-fault-'));
  if (backend === 'pglite') {
    await cp(inject('testTemplates').pgliteDir, path.join(dataDir, 'pglite'), { recursive: true });
    return {
      backend,
      dataDir,
      globals: ['--data-dir', dataDir],
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `dino_shop_fault_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`create database ${name} template ${inject('testTemplates').postgresDb}`);
  const databaseUrl = withDatabaseName(process.env.TEST_DATABASE_URL!, name);
  return {
    backend,
    dataDir,
    databaseUrl,
    globals: ['--database-url', databaseUrl, '--data-dir', dataDir],
    async drop() {
      await adminQuery(`drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Server {
  url: string;
  process: ChildProcess;
  pid: number;
  /** Everything the server has logged so far (stdout and stderr). */
  output(): string;
  /** Resident memory of the server process, in MB (from /proc). */
  rssMb(): Promise<number>;
  /** A full garbage collection in the server, through its inspector (started with `inspect: true`). */
  collectGarbage(): Promise<void>;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** Limits no fault test reaches by accident (the rate-limit test sets its own). */
const HIGH_LIMITS = {
  RATE_LIMIT_NEW_CARTS: '100000',
  RATE_LIMIT_CART_AND_ORDERS: '100000',
  RATE_LIMIT_SIGN_UPS: '100000',
};

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

export interface ServerOptions {
  /** 0: one the OS picks. */
  port?: number;
  /** Open Node's inspector on a loopback port, so a test can ask for a full garbage collection. */
  inspect?: boolean;
}

/**
 * `dino-shop serve` through the real CLI entry; resolves once it listens. It runs as `npm start`
 * does: without the test runner's NODE_ENV.
 */
export async function startServer(
  target: Target,
  env: Record<string, string> = {},
  { port = 0, inspect = false }: ServerOptions = {},
): Promise<Server> {
  const nodeArgs = inspect ? ['--inspect=127.0.0.1:0'] : [];
  // Started from a directory other than the checkout, as an installed `dino-shop` is: it finds its build itself.
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      path.resolve('bin/dino-shop.js'),
      ...target.globals,
      'serve',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: target.dataDir,
      env: {
        ...process.env,
        NODE_ENV: '',
        ...HIGH_LIMITS,
        LOG_LEVEL: 'info',
        SESSION_SECRET: 'a-fault-suite-secret-that-is-long-enough',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${output}`)), 90_000);
    // Stays subscribed after the start: the logs are kept, and the pipe never blocks the server.
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    url,
    process: child,
    pid: child.pid!,
    output: () => output,
    async rssMb() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    async collectGarbage() {
      const inspector = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
      if (!inspector) throw new Error('the server was started without inspect: true');
      await inspectorCall(inspector, 'HeapProfiler.collectGarbage');
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** One Chrome DevTools Protocol call on a Node inspector's WebSocket; resolves with its answer. */
async function inspectorCall(url: string, method: string): Promise<unknown> {
  const socket = new WebSocket(url);
  try {
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ id: 1, method }));
    return await new Promise((resolve, reject) =>
      socket.on('message', (data) => {
        const answer = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
        if (answer.id === 1)
          answer.error ? reject(new Error(`${method}: ${answer.error.message}`)) : resolve(answer.result);
      }),
    );
  } finally {
    socket.close();
  }
}

/**
 * For the tests of one describe block: a server on a fresh database, started before them, stopped
 * (and its database dropped) after them. Read `.server` and `.target` inside the tests.
 */
export function serverForTests(
  backend: Backend,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): { readonly server: Server; readonly target: Target } {
  let target: Target | undefined;
  let server: Server | undefined;
  beforeAll(async () => {
    target = await freshTarget(backend);
    server = await startServer(target, env, options);
  });
  afterAll(async () => {
    await server?.stop();
    await target?.drop();
  });
  return {
    get server() {
      return server!;
    },
    get target() {
      return target!;
    },
  };
}

/** A port free right now on 127.0.0.1: a server restarted on it is found where clients left it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs the CLI to completion: exit code, output and how long it took. */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['bin/dino-shop.js', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started })),
  );
}

/** A shopper over real HTTP: keeps its session cookie like a browser. */
export function httpShopper(base: string) {
  let cookie: string | undefined;
  return {
    get cookie() {
      return cookie;
    },
    async send(method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const set = response.headers.get('set-cookie');
      if (set && /^dino\.sid=[^;]/.test(set)) cookie = set.split(';')[0];
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : undefined };
    },
  };
}

/** Answers after which a client sends the same request again, with the same key. */
const TRY_AGAIN = new Set([409, 429, 502, 503, 504]);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A shopper's client as the storefront behaves: keeps its session cookie, sends each write with a fresh
 * Idempotency-Key and, after a network error or a "try again" answer, sends it again with the same key
 * and body (backoff from 50 to 500 ms) until it is answered, or `deadlineMs` after the later of its
 * start and `upSince()` (the server's last start: a restart's own time does not count).
 */
export function keyedClient(base: string, upSince: () => number, deadlineMs: number) {
  let cookie: string | undefined;
  return {
    get cookie() {
      return cookie;
    },
    async write(
      method: string,
      path: string,
      body: unknown,
    ): Promise<{ status: number; json: any } | { unanswered: string }> {
      const key = randomUUID();
      const started = Date.now();
      let last = '';
      for (let delay = 50; Date.now() - Math.max(started, upSince()) < deadlineMs; delay = Math.min(delay * 2, 500)) {
        try {
          const response = await fetch(`${base}${path}`, {
            method,
            headers: { 'content-type': 'application/json', 'idempotency-key': key, ...(cookie ? { cookie } : {}) },
            body: JSON.stringify(body),
          });
          const set = response.headers.get('set-cookie');
          if (set && /^dino\.sid=[^;]/.test(set)) cookie = set.split(';')[0];
          const text = await response.text();
          if (!TRY_AGAIN.has(response.status))
            return { status: response.status, json: text ? JSON.parse(text) : undefined };
          last = String(response.status);
        } catch (error) {
          // The server died under the request, or is not back yet: the same key again, later.
          last = String((error as Error).cause ?? error);
        }
        await pause(delay);
      }
      return { unanswered: `${method} ${path} key ${key}: no answer within ${deadlineMs} ms (last: ${last})` };
    },
  };
}

/** A consumer as the server's readiness answer reports it. */
export interface ConsumerState {
  name: string;
  position: number | null;
  lag: number;
  deadLetters: number;
}

/** The consumer `name` as `server` reports it on /health/ready (undefined before it has started). */
export async function consumerOf(server: Server, name: string): Promise<ConsumerState | undefined> {
  const response = await fetch(`${server.url}/health/ready`);
  return ((await response.json()) as { consumers: ConsumerState[] }).consumers.find((c) => c.name === name);
}
