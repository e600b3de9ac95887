import path from 'node:path';
import { type Command, InvalidArgumentError } from 'commander';
import { type Shop, createShop } from '../app/shop.ts';
import { ConfigError, durableFrom, isDatabaseUrl } from '../server/config.ts';
import { type DatabaseTarget, connectDatabase, describeTarget, pgliteDirOf } from '../db/connect.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { isMigrated } from '../db/status.ts';
import { createCatalogueIndex } from '../projections/catalogue/catalogue.index.ts';
import { loadCatalogueSnapshot } from '../projections/catalogue/catalogue.queries.ts';

export interface GlobalOptions {
  databaseUrl?: string;
  dataDir: string;
  actor?: string;
}

/** The streams a command writes to: injectable so tests can capture them. */
export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** What the commands depend on besides their IO; tests replace these, the real CLI uses the defaults. */
export interface CliDeps {
  /** Opens the database the global options name (default: connectDatabase: pg for a URL, else PGlite). */
  connect?: (target: DatabaseTarget) => Promise<Database>;
  /** Stops long-running commands (`events tail --follow`); default: the first SIGINT or SIGTERM. */
  signal?: AbortSignal;
  /** The time now: what the shop's writes record, and what a report's last seven days end at; default: the clock. */
  now?: () => Date;
}

/** Everything a command needs, passed to each command's factory. */
export interface CliContext {
  io: CliIO;
  deps: CliDeps;
}

/** A clear one-line failure: printed without a stack, exit code 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * Which setting gave a global option its value, to name in a message: the flag, or the environment
 * variable the option's default was read from (program.ts).
 */
function settingOf(command: Command, key: keyof GlobalOptions, flag: string, variable: string): string {
  return command.getOptionValueSourceWithGlobals(key) === 'default' && process.env[variable] ? variable : flag;
}

/** A database URL fit for a message: its password, if any, is left out (stderr ends up in logs). */
const withoutPassword = (url: string) =>
  url.replace(/^([^:/]+:\/\/[^:@/]*:).*@/, '$1***@').replace(/([?&]password=)[^&]*/gi, '$1***');

export function targetOf(command: Command): DatabaseTarget {
  const options = command.optsWithGlobals<GlobalOptions>();
  if (options.databaseUrl !== undefined) {
    const setting = settingOf(command, 'databaseUrl', '--database-url', 'DATABASE_URL');
    if (!isDatabaseUrl(options.databaseUrl))
      throw new CliError(
        `${setting} must be a postgres:// or postgresql:// URL, got "${withoutPassword(options.databaseUrl)}"`,
      );
    // Checked here, before any use: the driver and describeTarget would only say "Invalid URL" (a port past 65535, say).
    if (!URL.canParse(options.databaseUrl))
      throw new CliError(`${setting} is not a valid URL: "${withoutPassword(options.databaseUrl)}"`);
  }
  let durable: boolean;
  try {
    durable = durableFrom(process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.problems.join('; '));
    throw error;
  }
  return { databaseUrl: options.databaseUrl || undefined, dataDir: path.resolve(options.dataDir), durable };
}

/**
 * Only `migrate` and `seed` (and the server) may create a database or the shop's tables in one. Any
 * other command on a database without them was pointed at the wrong place (a mistyped --data-dir or
 * database name), and would report on, or forget in, an empty database it had just made. A PGlite
 * directory is checked before it is opened, since opening creates one.
 */
function noDatabase(command: Command, target: DatabaseTarget): CliError {
  if (target.databaseUrl) {
    const setting = settingOf(command, 'databaseUrl', '--database-url', 'DATABASE_URL');
    return new CliError(
      `no dino-shop database at ${describeTarget(target)}; check ${setting}, or create its tables with dino-shop migrate (or seed)`,
    );
  }
  const setting = settingOf(command, 'dataDir', '--data-dir', 'DATA_DIR');
  return new CliError(
    `no database in ${target.dataDir}; check ${setting}, or create one with dino-shop migrate (or seed)`,
  );
}

/** Whether opening the target leaves the disk as it was: a server's database, or a PGlite directory that holds one. */
async function openingCreatesNothing(target: DatabaseTarget): Promise<boolean> {
  if (target.databaseUrl) return true;
  // Loaded only for PGlite, which the connection loads next anyway.
  const { hasCluster } = await import('../db/pglite.ts');
  return hasCluster(pgliteDirOf(target.dataDir));
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');

/**
 * Opens the database the global options name (migrated unless told not to), runs `work`, and always
 * closes it. A database the shop never migrated is refused unless `create` is set.
 */
export async function withDatabase<T>(
  context: CliContext,
  command: Command,
  work: (db: Database) => Promise<T>,
  options: { migrate?: boolean; create?: boolean } = {},
): Promise<T> {
  const target = targetOf(command);
  if (!options.create && !(await openingCreatesNothing(target))) throw noDatabase(command, target);
  let db: Database;
  try {
    db = await (context.deps.connect ?? connectDatabase)(target);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new CliError(error.message);
    throw new CliError(`cannot reach the database (${describeTarget(target)}): ${messageOf(error)}`);
  }
  try {
    if (!options.create && !(await isMigrated(db))) throw noDatabase(command, target);
    if (options.migrate !== false) await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
}

/**
 * `withDatabase` with the shop assembled on it as the server assembles it (app/shop.ts): a command
 * writes through the same services and event store. The catalogue is read once, not kept fresh.
 */
export function withShop<T>(
  context: CliContext,
  command: Command,
  work: (shop: Shop, db: Database) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
  return withDatabase(
    context,
    command,
    async (db) =>
      work(
        createShop({ db, catalogue: createCatalogueIndex(await loadCatalogueSnapshot(db)), now: context.deps.now }),
        db,
      ),
    options,
  );
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * The signal that ends a long-running command: the injected one, or SIGINT, SIGTERM or SIGHUP. The
 * first asks the command to stop where it can clean up; a second (an impatient Ctrl-C) exits at once,
 * through the process's 'exit' handlers. Call `dispose` when done.
 */
export function stopSignal(context: CliContext): { signal: AbortSignal; dispose: () => void } {
  if (context.deps.signal) return { signal: context.deps.signal, dispose: () => {} };
  const controller = new AbortController();
  const stop = () => (controller.signal.aborted ? process.exit(130) : controller.abort());
  for (const name of STOP_SIGNALS) process.on(name, stop);
  return {
    signal: controller.signal,
    dispose: () => {
      for (const name of STOP_SIGNALS) process.off(name, stop);
    },
  };
}

// Argument parsers: commander reports an InvalidArgumentError as a one-line usage error, before the
// command does anything, so a bad value never reaches the database or half an output.

/**
 * The largest whole number an option takes: PostgreSQL's integer (stream versions, row counts in a
 * query) and Node's timers (milliseconds) stop at 2^31 - 1; past it a value fails deep in a query,
 * or a timer fires at once.
 */
export const MAX_WHOLE_NUMBER = 2_147_483_647;

export function parseNonNegativeInt(value: string): number {
  if (!/^\d{1,15}$/.test(value.trim())) throw new InvalidArgumentError('Expected a whole number (0 or more).');
  return Number(value.trim());
}

/** An operator's name for the log: a short word, no address (the log keeps no personal data in clear). */
export function parseActor(value: string): string {
  const name = value.trim();
  if (!/^[\w.:-]{1,64}$/.test(name))
    throw new InvalidArgumentError(
      'Expected up to 64 letters, digits, dots, colons, dashes or underscores (no spaces, no @).',
    );
  return name;
}

/** An option's value that must not be empty (`--output "$UNSET"` is a mistake, not "use the default"). */
export function parseNonEmpty(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('It must not be empty.');
  return value;
}

export function parsePort(value: string): string {
  if (!/^\d{1,5}$/.test(value.trim()) || Number(value) > 65_535)
    throw new InvalidArgumentError('Expected a port number from 0 to 65535.');
  return value.trim();
}

export function parsePositiveInt(value: string): number {
  const n = /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(n >= 1 && n <= MAX_WHOLE_NUMBER))
    throw new InvalidArgumentError(`Expected a whole number from 1 to ${MAX_WHOLE_NUMBER}.`);
  return n;
}

/** A whole number from 1 to `max`, for an option whose useful range ends well before MAX_WHOLE_NUMBER. */
export const parsePositiveIntUpTo =
  (max: number) =>
  (value: string): number => {
    const n = parsePositiveInt(value);
    if (n > max) throw new InvalidArgumentError(`Expected a whole number from 1 to ${max}.`);
    return n;
  };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO 8601 date (2024-05-01, midnight UTC) or date-time (2024-05-01T12:30:00Z, +02:00 offsets;
 * without an offset it is read as UTC, so the result never depends on the machine's time zone).
 * From the year 1 on: ISO's year 0000 is 1 BC, which PostgreSQL refuses in a timestamp.
 */
export function parseIsoDate(value: string): Date {
  const match = ISO_DATE.exec(value.trim());
  if (!match) throw new InvalidArgumentError('Expected an ISO 8601 date such as 2024-05-01 or 2024-05-01T12:00:00Z.');
  const [, y, mo, d, h = '00', mi = '00', s = '00', ms = '0', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms.padEnd(3, '0')}${offset}`);
  // Date rolls 2024-02-30 over to March: check the calendar date survived.
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (
    Number.isNaN(date.getTime()) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    throw new InvalidArgumentError('No such calendar date or time.');
  }
  // The instant, not the digits: 0001-01-01T00:30+01:00 is still in year 0.
  if (date.getUTCFullYear() < 1) throw new InvalidArgumentError('The year must be 0001 or later.');
  return date;
}
