import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ClientContext, Redis, Result } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { redisAddress } from '../redis-connection.ts';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** Addresses counted in the process at once (an LRU: a flood of addresses forgets the oldest, never grows memory). */
const LOCAL_KEYS = 50_000;

/** One count in a fixed window, the window starting at the first count (what the Redis script does too). */
const COUNT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { current, ttl }`;

declare module 'ioredis' {
  interface RedisCommander<Context extends ClientContext = { type: 'default' }> {
    dinoRateCount(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

export interface RateLimitStoreStats {
  /** Whether the counts are made in the process now (Redis unreachable). */
  fallback: boolean;
  /** Counts made in the process because Redis could not make them. */
  fallbackCounts: number;
}

export interface RateLimitStore {
  /** For @fastify/rate-limit's `store` option. */
  Store: FastifyRateLimitStoreCtor;
  stats(): RateLimitStoreStats;
}

/** Counts in the process alone: the store without Redis, and the one Redis falls back to. */
function localCounter() {
  const windows = new LRUCache<string, { count: number; endsAt: number }>({ max: LOCAL_KEYS });
  return (key: string, windowMs: number): Counted => {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    window.count++;
    return { current: window.count, ttl: window.endsAt - now };
  };
}

/**
 * The rate limits' counters: in Redis when one is given (shared by every instance), else in the process.
 * If Redis cannot count (down, or too slow), the process counts instead, so a limit still holds on each
 * instance and no request waits for Redis or is refused because of it; a warning is logged once when
 * that begins and a line when Redis counts again (ioredis reconnects on its own).
 */
export function rateLimitStore(options: {
  redis?: Redis | undefined;
  nameSpace: string;
  log: FastifyBaseLogger;
}): RateLimitStore {
  const { redis, nameSpace, log } = options;
  const countHere = localCounter();
  let fallback = false;
  let fallbackCounts = 0;

  const address = redis ? redisAddress(redis) : '';
  const degrade = (reason: string) => {
    if (fallback) return;
    fallback = true;
    log.warn(`Redis at ${address} ${reason}: rate limits count in this process until it returns`);
  };
  const recover = () => {
    if (!fallback) return;
    fallback = false;
    log.info(`Redis is back at ${address}: rate limits count in Redis again`);
  };
  if (redis) {
    redis.defineCommand('dinoRateCount', { numberOfKeys: 1, lua: COUNT });
    // Without a listener ioredis prints every failed reconnection; the outage is logged once instead.
    redis.on('error', () => undefined);
    // Emitted after a lost connection, not after quit() at shutdown.
    redis.on('reconnecting', () => degrade('is unreachable'));
    redis.on('ready', recover);
  }

  class Store implements FastifyRateLimitStore {
    incr(key: string, done: Done, windowMs: number): void {
      const inProcess = (reason: string) => {
        fallbackCounts++;
        degrade(reason);
        done(null, countHere(key, windowMs));
      };
      if (!redis) {
        done(null, countHere(key, windowMs));
        return;
      }
      if (redis.status !== 'ready') {
        inProcess('is unreachable');
        return;
      }
      redis.dinoRateCount(nameSpace + key, windowMs).then(
        ([current, ttl]) => {
          recover();
          done(null, { current, ttl });
        },
        (error: Error) => inProcess(`failed to count (${error.message})`),
      );
    }

    // Each limit's keys carry its name already (http/plugins/rate-limit.ts): one store serves them all.
    child(): FastifyRateLimitStore {
      return this;
    }
  }

  return { Store, stats: () => ({ fallback, fallbackCounts }) };
}
