import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from '../http-error.ts';
import type { LimitName, RateLimits } from '../rate-limits.ts';
import { type RateLimitStoreStats, rateLimitStore } from './rate-limit-store.ts';

export interface RateLimitOptions {
  limits: RateLimits;
  /** Shared counters (several instances behind one balancer); in-process memory when absent. */
  redis?: Redis;
  /** Prefix of the Redis keys (tests use a unique one). */
  nameSpace?: string;
}

const WINDOW_MS = 60_000;

/** What the shopper reads: the action in words, and how long to wait. */
const WHAT: Record<LimitName, string> = {
  newCarts: 'Too many new carts were started from your address',
  signUps: 'Too many sign-ups came from your address',
  cartAndOrders: 'Too many cart changes and order lookups came from your address',
};

export const tooManyRequests = (name: LimitName, retryAfterSeconds: number) =>
  new HttpError(
    429,
    `${WHAT[name]}. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`,
  );

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler that counts the request against one limit of its client address (request.ip:
     * X-Forwarded-For only when trustProxy is on) and answers 429 with Retry-After once it is spent.
     * `when` narrows which requests count (say, only those without a cart yet).
     */
    limitBy(name: LimitName, when?: (request: FastifyRequest) => boolean): preHandlerAsyncHookHandler;
  }
}

/**
 * Registers @fastify/rate-limit (never globally: pages and catalogue reads are cached and cheap) and
 * `fastify.limitBy`, so any route (a form post included) opts into a limit with one line.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<{ stats: () => RateLimitStoreStats }> {
  const store = rateLimitStore({
    redis: options.redis,
    nameSpace: options.nameSpace ?? 'dino-shop:rate:',
    log: app.log,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // Falls back to counting in the process when Redis cannot count.
    store: store.Store,
  });
  const limiters = Object.fromEntries(
    (Object.keys(options.limits) as LimitName[]).map((name) => [
      name,
      app.createRateLimit({
        max: options.limits[name],
        timeWindow: WINDOW_MS,
        // The limit's name is part of the key: each limit counts apart from the others.
        keyGenerator: (request) => `${name}:${request.ip}`,
      }),
    ]),
  ) as Record<LimitName, ReturnType<FastifyInstance['createRateLimit']>>;

  app.decorate(
    'limitBy',
    (name: LimitName, when?: (request: FastifyRequest) => boolean): preHandlerAsyncHookHandler => {
      const limiter = limiters[name];
      return async (request, reply) => {
        if (when && !when(request)) return;
        const result = await limiter(request);
        if (result.isAllowed || !result.isExceeded) return;
        const retryAfter = Math.max(1, result.ttlInSeconds);
        reply.header('retry-after', String(retryAfter));
        throw tooManyRequests(name, retryAfter);
      };
    },
  );
  return { stats: store.stats };
}
