import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';

const Env = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'PORT must be a number from 0 to 65535'), v.transform(Number), v.maxValue(65_535, 'PORT must be a number from 0 to 65535')), '3000'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('HOST must not be empty')), '0.0.0.0'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DATA_DIR must not be empty')), './data'),
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'SESSION_SECRET must be at least 32 characters'))),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'), 'info'),
  TRUST_PROXY: v.optional(v.picklist(['true', 'false'], 'TRUST_PROXY must be true or false'), 'false'),
  NODE_ENV: v.optional(v.string(), 'production'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  logLevel: string;
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once, reporting every bad field at the same time. */
export function parseEnv(env: NodeJS.ProcessEnv): Omit<Config, 'sessionSecret'> & { sessionSecret: string | undefined } {
  // An empty variable (`DATABASE_URL=`) means "not set", as shells and process managers use it.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = v.safeParse(Env, given);
  if (!result.success) {
    throw new ConfigError(result.issues.map((issue) => `${v.getDotPath(issue) ?? 'env'}: ${issue.message}`));
  }
  const e = result.output;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    sessionSecret: e.SESSION_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
  };
}

/** The session secret: SESSION_SECRET, or one generated once and kept in DATA_DIR. */
export async function resolveSessionSecret(dataDir: string, given: string | undefined): Promise<string> {
  if (given) return given;
  const file = path.join(dataDir, 'session-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch {
    // first start: generate below
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<Config> {
  const parsed = parseEnv(env);
  return { ...parsed, sessionSecret: await resolveSessionSecret(parsed.dataDir, parsed.sessionSecret) };
}
