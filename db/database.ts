import { createHash } from 'node:crypto';

/**
 * The Database port: the one way code talks to PostgreSQL. Two adapters implement it: `pg` (a real
 * server, DATABASE_URL) and PGlite (embedded, a data directory). Both run the same SQL.
 */
export interface QueryResult<Row> {
  rows: Row[];
}

export interface QueryOptions {
  /**
   * A hot statement: prepared once per connection (a named statement) and its plan reused (the append
   * plans a dozen CTEs, which should not be planned again on every call). Both adapters.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<Row>>;
}

/** A script of statements separated by semicolons, without parameters (the server parses it: quoting, comments, function bodies). */
export interface Executes {
  exec(sql: string): Promise<void>;
}

/** One transaction's connection. */
export interface Transaction extends Queryable, Executes {}

export interface Database extends Queryable, Executes {
  readonly kind: 'postgres' | 'pglite';
  /**
   * Runs `work` in one transaction on one connection: COMMIT when it resolves, ROLLBACK when it throws.
   * With `lockTimeoutMs`, a statement that waits longer for a row lock fails (SqlState.lockNotAvailable).
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Subscribes to NOTIFY on `channel`; resolves to an unsubscribe function. A LISTEN connection that
   * drops is made again; then every handler hears an empty payload (what was sent meanwhile is lost).
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Connections of a pooled adapter (PostgreSQL): for the metrics. PGlite has none. */
  poolStats?(): PoolStats;
}

export interface TransactionOptions {
  lockTimeoutMs?: number;
}

/** The statement that opens a transaction, in one round trip with its lock timeout. */
export const beginStatement = (options?: TransactionOptions) =>
  options?.lockTimeoutMs
    ? `begin; set local lock_timeout = ${Math.max(1, Math.trunc(options.lockTimeoutMs))}`
    : 'begin';

/** Connections a process holds to a PostgreSQL server at most, unless told otherwise. */
export const POOL_SIZE = 20;

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  /** Queries queued for a free connection. */
  waiting: number;
}

/** SQLSTATE codes we act on. */
export const SqlState = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  lockNotAvailable: '55P03',
  insufficientPrivilege: '42501',
} as const;

export function sqlStateOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code;
  return undefined;
}

/** Where infrastructure reports failures it survives (pino's `logger.error(context, message)` fits). */
export interface Logger {
  error(context: object, message: string): void;
}

/** For callers that pass no logger (the CLI, scripts): a line on stderr, never silence. */
export const stderrLogger: Logger = {
  error(context, message) {
    console.error(message, context);
  },
};

/** Prepared statement names by SQL text: the same text gets the same name on every connection and adapter. */
const statementNames = new Map<string, string>();
export function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `dino_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}
