import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, chmod, mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../http/rate-limits.ts';

/** How long and how much one request may take before the server gives up on it. */
export interface ServerLimits {
  /** The whole request, headers and body (a body trickled at 1 byte/s is cut here with a 408). */
  requestTimeoutMs: number;
  /** The request's headers. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic at all. */
  connectionTimeoutMs: number;
  /** A request body (the API's bodies are a few hundred bytes). */
  bodyLimitBytes: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  requestTimeoutMs: 20_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  connectionTimeoutMs: 60_000,
  bodyLimitBytes: 16 * 1024,
};

/** A whole number from the environment, within bounds, with a message naming the variable. */
const int = (name: string, min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,10}$/, `${name} must be a whole number from ${min} to ${max}`),
      v.transform(Number),
      v.minValue(min, `${name} must be a whole number from ${min} to ${max}`),
      v.maxValue(max, `${name} must be a whole number from ${min} to ${max}`),
    ),
    String(fallback),
  );

/** Where the embedded PGlite keeps its data unless DATA_DIR or --data-dir says otherwise. */
export const DEFAULT_DATA_DIR = './data';

const DatabaseUrl = v.pipe(
  v.string(),
  v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'),
);
const PgliteSync = v.optional(v.picklist(['on', 'off'], 'PGLITE_SYNC must be on or off'), 'on');

/** Whether `url` names a PostgreSQL server, by the rule the server's DATABASE_URL is held to. */
export const isDatabaseUrl = (url: string): boolean => v.is(DatabaseUrl, url);

/** PGlite fsyncs every commit unless PGLITE_SYNC=off (the server's rule); any other value is a ConfigError. */
export function durableFrom(env: NodeJS.ProcessEnv): boolean {
  const parsed = v.safeParse(PgliteSync, env.PGLITE_SYNC || undefined);
  if (!parsed.success) throw new ConfigError(parsed.issues.map((issue) => issue.message));
  return parsed.output === 'on';
}

const Env = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'PORT must be a number from 0 to 65535'),
      v.transform(Number),
      v.maxValue(65_535, 'PORT must be a number from 0 to 65535'),
    ),
    '3000',
  ),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('HOST must not be empty')), '0.0.0.0'),
  DATABASE_URL: v.optional(DatabaseUrl),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DATA_DIR must not be empty')), DEFAULT_DATA_DIR),
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'SESSION_SECRET must be at least 32 characters'))),
  LOG_LEVEL: v.optional(
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ),
    'info',
  ),
  TRUST_PROXY: v.optional(v.picklist(['true', 'false'], 'TRUST_PROXY must be true or false'), 'false'),
  PUBLIC_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^https?:\/\/[^/?#\s]+\/?$/, 'PUBLIC_URL must be an origin such as https://shop.example.com'),
    ),
  ),
  PGLITE_SYNC: PgliteSync,
  REDIS_URL: v.optional(
    v.pipe(v.string(), v.regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')),
  ),
  RATE_LIMIT_NEW_CARTS: int('RATE_LIMIT_NEW_CARTS', 1, 1_000_000, DEFAULT_RATE_LIMITS.newCarts),
  RATE_LIMIT_SIGN_UPS: int('RATE_LIMIT_SIGN_UPS', 1, 1_000_000, DEFAULT_RATE_LIMITS.signUps),
  RATE_LIMIT_CART_AND_ORDERS: int('RATE_LIMIT_CART_AND_ORDERS', 1, 1_000_000, DEFAULT_RATE_LIMITS.cartAndOrders),
  REQUEST_TIMEOUT_MS: int('REQUEST_TIMEOUT_MS', 100, 600_000, DEFAULT_LIMITS.requestTimeoutMs),
  HEADERS_TIMEOUT_MS: int('HEADERS_TIMEOUT_MS', 100, 600_000, DEFAULT_LIMITS.headersTimeoutMs),
  KEEP_ALIVE_TIMEOUT_MS: int('KEEP_ALIVE_TIMEOUT_MS', 100, 600_000, DEFAULT_LIMITS.keepAliveTimeoutMs),
  CONNECTION_TIMEOUT_MS: int('CONNECTION_TIMEOUT_MS', 100, 3_600_000, DEFAULT_LIMITS.connectionTimeoutMs),
  BODY_LIMIT_BYTES: int('BODY_LIMIT_BYTES', 1024, 10_485_760, DEFAULT_LIMITS.bodyLimitBytes),
  LOG_FORMAT: v.optional(v.picklist(['auto', 'pretty', 'json'], 'LOG_FORMAT must be auto, pretty or json'), 'auto'),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'METRICS_TOKEN must be at least 16 characters'))),
  SMTP_URL: v.optional(
    v.pipe(v.string(), v.regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must start with smtp:// or smtps://')),
  ),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[^\r\n]*@[^\r\n]+$/, 'MAIL_FROM must be an address such as DinoBooty <hello@shop.example>'),
    ),
  ),
  CONSUMER_LEASE_MS: int('CONSUMER_LEASE_MS', 1_000, 600_000, 15_000),
  SHUTDOWN_TIMEOUT_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'SHUTDOWN_TIMEOUT_MS must be a number of milliseconds'),
      v.transform(Number),
    ),
    '10000',
  ),
});

/**
 * Settings that were renamed, with their new names. An old name is refused rather than ignored: a deployment
 * that raised a limit under it would otherwise be back at the default without a word.
 */
export const RENAMED_SETTINGS: Readonly<Record<string, string>> = {
  RATE_LIMIT_CART_WRITES: 'RATE_LIMIT_CART_AND_ORDERS',
  RATE_LIMIT_SUBSCRIPTIONS: 'RATE_LIMIT_SIGN_UPS',
};

const renamedProblems = (given: Record<string, unknown>) =>
  Object.entries(RENAMED_SETTINGS)
    .filter(([old]) => old in given)
    .map(([old, now]) => `${old}: ${old} is no longer read, it was renamed: set ${now} instead`);

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  logLevel: string;
  trustProxy: boolean;
  /** The canonical origin of every absolute URL the shop writes (sitemap, robots, JSON-LD). */
  publicUrl: string;
  /** PGlite: fsync every commit (PGLITE_SYNC=on, the default). */
  durable: boolean;
  /** Rate-limit counters in Redis (shared by instances) when set; else in memory. */
  redisUrl: string | undefined;
  rateLimits: RateLimits;
  limits: ServerLimits;
  /** auto: readable lines when stdout is a terminal, JSON lines otherwise. */
  logFormat: 'auto' | 'pretty' | 'json';
  metricsToken: string | undefined;
  /** Mail: over SMTP when `smtpUrl` is set, else written as .eml files under DATA_DIR/mail; the shop's sender. */
  mail: { smtpUrl: string | undefined; from: string };
  /** How long a consumer's lease lasts: how soon another instance takes over the consumers of one that died. */
  consumerLeaseMs: number;
  /** How long a shutdown may take (finishing requests, closing the database) before the process exits anyway. */
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once, reporting every bad field at the same time. */
export function parseEnv(
  env: NodeJS.ProcessEnv,
): Omit<Config, 'sessionSecret'> & { sessionSecret: string | undefined } {
  // An empty variable (`DATABASE_URL=`) means "not set", as shells and process managers use it.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = v.safeParse(Env, given);
  const problems = [
    ...(result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? 'env'}: ${issue.message}`)),
    ...renamedProblems(given),
  ];
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const e = result.output;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    sessionSecret: e.SESSION_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    durable: durableFrom(given),
    redisUrl: e.REDIS_URL,
    rateLimits: {
      newCarts: e.RATE_LIMIT_NEW_CARTS,
      signUps: e.RATE_LIMIT_SIGN_UPS,
      cartAndOrders: e.RATE_LIMIT_CART_AND_ORDERS,
    },
    limits: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
    },
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? defaultSender(e.PUBLIC_URL) },
    consumerLeaseMs: e.CONSUMER_LEASE_MS,
  };
}

/** The shop's name at the public host (`hello@localhost` when there is none). */
const defaultSender = (publicUrl: string | undefined) =>
  `DinoBooty <hello@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}>`;

/** Why the session secret in DATA_DIR cannot be used: the start stops, and the file is left as it was. */
export class SessionSecretError extends Error {
  constructor(file: string, problem: string, remedy = 'delete it to create a new one') {
    super(`the session secret ${file} ${problem}: ${remedy}, or set SESSION_SECRET`);
    this.name = 'SessionSecretError';
  }
}

const MIN_SECRET_LENGTH = 32;
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

/**
 * The stored secret, or undefined when there is no file. Opened without blocking so that a FIFO at that
 * path is refused rather than waited on; anything but a regular file, or a failed read, is refused.
 */
async function readStoredSecret(file: string): Promise<string | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw new SessionSecretError(file, `cannot be read (${codeOf(error) ?? String(error)})`);
  }
  try {
    if (!(await handle.stat()).isFile()) throw new SessionSecretError(file, 'is not a regular file');
    return (await handle.readFile('utf8')).trim();
  } catch (error) {
    if (error instanceof SessionSecretError) throw error;
    throw new SessionSecretError(file, `cannot be read (${codeOf(error) ?? String(error)})`);
  } finally {
    await handle.close();
  }
}

/** A new secret in a file that did not exist (never over one that does); undefined if one appeared meanwhile. */
async function createSecret(dataDir: string, file: string): Promise<string | undefined> {
  const secret = randomBytes(32).toString('base64url');
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    // writeFile's mode is filtered through the umask: set it outright.
    await chmod(file, 0o600);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return undefined;
    throw new SessionSecretError(
      file,
      `cannot be created (${codeOf(error) ?? String(error)})`,
      'let the shop write to DATA_DIR',
    );
  }
  return secret;
}

/**
 * The session secret: SESSION_SECRET, or the one kept in DATA_DIR. Only a missing file gets a new one;
 * a short or unreadable file stops the start, since a new secret would end every shopper's session.
 */
export async function resolveSessionSecret(dataDir: string, given: string | undefined): Promise<string> {
  if (given) return given;
  const file = path.join(dataDir, 'session-secret');
  // Created by another process between the read and the create, or a link to a missing file: read it again.
  const stored =
    (await readStoredSecret(file)) ?? (await createSecret(dataDir, file)) ?? (await readStoredSecret(file));
  if (stored === undefined) throw new SessionSecretError(file, 'is a link to a missing file');
  if (stored.length < MIN_SECRET_LENGTH)
    throw new SessionSecretError(file, `is shorter than ${MIN_SECRET_LENGTH} characters`);
  // A secret is nobody else's to read, whatever mode it was left with.
  await chmod(file, 0o600);
  return stored;
}

export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<Config> {
  const parsed = parseEnv(env);
  return { ...parsed, sessionSecret: await resolveSessionSecret(parsed.dataDir, parsed.sessionSecret) };
}
