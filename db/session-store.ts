import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Queryable } from './database.ts';

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * @fastify/session's store interface over the sessions table, so every instance behind a load
 * balancer sees the same sessions. Expired rows are ignored on read and swept by `sweepSessions`.
 */
export function createSessionStore(db: Queryable): SessionStore {
  return {
    set(sid, session, callback) {
      const expires = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + THIRTY_DAYS_MS);
      db.query(
        `insert into sessions (sid, data, expires_at) values ($1, $2, $3)
         on conflict (sid) do update set data = excluded.data, expires_at = excluded.expires_at`,
        [sid, JSON.stringify(session), expires],
      ).then(() => callback(), callback);
    },
    get(sid, callback) {
      db.query<{ data: Session }>('select data from sessions where sid = $1 and expires_at > now()', [sid]).then(
        ({ rows }) => callback(null, rows[0]?.data ?? null),
        callback,
      );
    },
    destroy(sid, callback) {
      db.query('delete from sessions where sid = $1', [sid]).then(() => callback(), callback);
    },
  };
}

/** Deletes the sessions expired at `now` (a clock the caller may inject); answers how many went. */
export async function sweepSessions(db: Queryable, now: Date = new Date()): Promise<number> {
  const { rows } = await db.query<{ n: number }>('with gone as (delete from sessions where expires_at <= $1 returning 1) select count(*)::int as n from gone', [now]);
  return rows[0]?.n ?? 0;
}
