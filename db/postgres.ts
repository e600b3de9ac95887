import pg from 'pg';
import { type Database, type Logger, POOL_SIZE, type QueryOptions, statementName, type Transaction, stderrLogger } from './database.ts';

function queryConfig(sql: string, params: readonly unknown[] | undefined, options: QueryOptions | undefined): pg.QueryConfig {
  if (!options?.prepare) return { text: sql, values: params as unknown[] | undefined };
  return { name: statementName(sql), text: sql, values: params as unknown[] | undefined };
}

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
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  const db: Database = {
    kind: 'postgres',
    async query(sql, params, options) {
      const result = await pool.query(queryConfig(sql, params, options));
      return { rows: result.rows };
    },
    async transaction(work) {
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
        await client.query('begin');
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
      if (!listener) {
        listener = new pg.Client({ connectionString });
        listener.on('error', (err) => closing || logger.error({ err, channels: [...handlers.keys()] }, 'the PostgreSQL LISTEN connection failed; notifications stop until restart'));
        await listener.connect();
        listener.on('notification', (message) => {
          for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
      };
    },
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      closing = true;
      await listener?.end().catch(() => {});
      const gone = open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allClosed = resolve));
      await pool.end();
      await gone;
    },
  };
  return db;
}
