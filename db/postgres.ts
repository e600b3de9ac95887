import pg from 'pg';
import type { Database, Queryable } from './database.ts';

/** The production adapter: a pool of connections to a real PostgreSQL server. */
export function connectPostgres(connectionString: string, options: { max?: number } = {}): Database {
  // 20: enough for 16 concurrent writers plus readers on a 2-core server; PostgreSQL allows 100 by default.
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20 });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', () => {});
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  const db: Database = {
    kind: 'postgres',
    async query(sql, params) {
      const result = await pool.query(sql, params as unknown[] | undefined);
      return { rows: result.rows };
    },
    async transaction(work) {
      const client = await pool.connect();
      const tx: Queryable = {
        async query(sql, params) {
          const result = await client.query(sql, params as unknown[] | undefined);
          return { rows: result.rows };
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
        listener.on('error', () => {});
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
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
  return db;
}
