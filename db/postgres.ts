import pg from 'pg';
import {
  type Database,
  type Logger,
  POOL_SIZE,
  beginStatement,
  type QueryOptions,
  statementName,
  type Transaction,
  stderrLogger,
} from './database.ts';

function queryConfig(
  sql: string,
  params: readonly unknown[] | undefined,
  options: QueryOptions | undefined,
): pg.QueryConfig {
  if (!options?.prepare) return { text: sql, values: params as unknown[] | undefined };
  return { name: statementName(sql), text: sql, values: params as unknown[] | undefined };
}

/** The waits before connecting a lost LISTEN connection again: doubling from min to max. */
const RECONNECT_MS = { min: 250, max: 10_000 };

/** The production adapter: a pool of connections to a real PostgreSQL server. */
export function connectPostgres(connectionString: string, options: { max?: number; logger?: Logger } = {}): Database {
  const logger = options.logger ?? stderrLogger;
  // 20: enough for 16 concurrent writers plus readers on a 2-core server; PostgreSQL allows 100 by default.
  const max = options.max ?? POOL_SIZE;
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  // The pool drops that client and opens another on demand: report it and carry on.
  // While closing, the server may end a connection before our own goodbye reaches it (a dropped test
  // database, a server shutting down too): that is the close we asked for, not a failure.
  let closing = false;
  pool.on('error', (err) => {
    if (!closing) logger.error({ err }, 'an idle PostgreSQL connection failed; the pool replaces it');
  });
  // pool.end() resolves once it has asked every client to end, not once they have: count the sockets
  // still open so close() returns only when the server has seen them go.
  const open = new Set<pg.PoolClient>();
  let allClosed: (() => void) | undefined;
  pool.on('connect', (client) => open.add(client));
  pool.on('remove', (client) => {
    open.delete(client);
    if (open.size === 0) allClosed?.();
  });
  let listener: Promise<pg.Client> | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let reconnectMs = RECONNECT_MS.min;

  /** The LISTEN connection, listening on every channel asked for so far. */
  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    return client;
  }

  /** The LISTEN connection dropped (a server restart, a network cut): connect again, with backoff. */
  function lost(client: pg.Client, err?: Error): void {
    if (closing || listener === undefined) return;
    // A connection that never came up is not a lost one: its failure reaches whoever awaited it.
    void listener.then(
      (current) => {
        if (current !== client || closing) return;
        listener = undefined;
        logger.error(
          { err, channels: [...handlers.keys()] },
          'the PostgreSQL LISTEN connection was lost; connecting again',
        );
        reconnect();
      },
      () => undefined,
    );
  }

  function reconnect(): void {
    const timer = setTimeout(() => {
      // Closing, or a new subscriber has connected one meanwhile.
      if (closing || listener) return;
      const next = connectListener();
      listener = next;
      next.then(
        () => {
          reconnectMs = RECONNECT_MS.min;
          // What was notified meanwhile is lost: every handler hears an empty payload (anything may have changed).
          for (const set of handlers.values()) for (const handler of set) handler('');
        },
        (err: unknown) => {
          if (listener === next) listener = undefined;
          logger.error({ err }, 'the PostgreSQL LISTEN connection could not be made; trying again');
          reconnectMs = Math.min(reconnectMs * 2, RECONNECT_MS.max);
          reconnect();
        },
      );
    }, reconnectMs);
    timer.unref();
  }

  const db: Database = {
    kind: 'postgres',
    async query(sql, params, options) {
      const result = await pool.query(queryConfig(sql, params, options));
      return { rows: result.rows };
    },
    async transaction(work, options) {
      const client = await pool.connect();
      const tx: Transaction = {
        async query(sql, params, options) {
          const result = await client.query(queryConfig(sql, params, options));
          return { rows: result.rows };
        },
        async exec(sql) {
          await client.query(sql);
        },
      };
      try {
        await client.query(beginStatement(options));
        const value = await work(tx);
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async listen(channel, onNotify) {
      listener ??= connectListener();
      const client = await listener.catch((error: unknown) => {
        // Not made: the next call tries again.
        listener = undefined;
        throw error;
      });
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
      };
    },
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      closing = true;
      await (await listener?.catch(() => undefined))?.end().catch(() => {});
      const gone = open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allClosed = resolve));
      await pool.end();
      await gone;
    },
  };
  return db;
}
