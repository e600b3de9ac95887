import type { Redis } from 'ioredis';

/** How long the start waits for Redis before it gives up (one try, no retry loop). */
const START_TIMEOUT_MS = 5_000;

/**
 * A Redis command that cannot be answered at once fails at once: the rate limits then count in the
 * process (http/plugins/rate-limit-store.ts) rather than make a request wait.
 */
const COMMAND_TIMEOUT_MS = 1_000;

/** Where a client connects, for messages: scheme, host, port and database, never a user or password. */
export function redisAddress(redis: Redis): string {
  const { host, port, db, tls } = redis.options;
  return `${tls ? 'rediss' : 'redis'}://${host}:${port}${db ? `/${db}` : ''}`;
}

/** REDIS_URL names a Redis the start could not reach. */
export class RedisUnreachableError extends Error {
  constructor(address: string, reason: string) {
    super(
      `REDIS_URL: cannot reach Redis at ${address} (${reason}): start it, correct REDIS_URL, or unset REDIS_URL to count rate limits in each process`,
    );
    this.name = 'RedisUnreachableError';
  }
}

/**
 * The rate-limit counters' Redis, connected before the server listens: unreachable, the start fails
 * within a few seconds with the address (the client is stopped, so its retries do not keep the process
 * alive). Once connected, ioredis reconnects on its own after any outage.
 */
export async function connectRedis(url: string, timeoutMs = START_TIMEOUT_MS): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: timeoutMs,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // How long disconnect() lets a connection end before destroying it (2 s by default, which a failed start would wait out).
    disconnectTimeout: 200,
  });
  let lastError: Error | undefined;
  // Kept for good: without an error listener ioredis prints every failed reconnection.
  redis.on('error', (error: Error) => (lastError = error));
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.connect(),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs / 1000} s`)), timeoutMs)),
      ),
    ]);
    return redis;
  } catch (error) {
    redis.disconnect();
    const cause = lastError ?? (error as Error);
    throw new RedisUnreachableError(redisAddress(redis), (cause as NodeJS.ErrnoException).code ?? cause.message);
  } finally {
    clearTimeout(timer);
  }
}
