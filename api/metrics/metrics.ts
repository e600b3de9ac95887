import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ConsumerStats } from '../../consumers/consumer-runner.ts';
import type { Consumer } from '../../consumers/consumer.ts';
import type { Database } from '../../db/database.ts';
import type { Projection } from '../../eventstore/projection.ts';
import type { EventStore } from '../../eventstore/store.ts';
import type { AnswerCacheStats } from '../../http/answer-rules.ts';
import { HttpError } from '../../http/http-error.ts';
import type { RateLimitStoreStats } from '../../http/plugins/rate-limit-store.ts';
import { createShopMetrics } from './shop-metrics.ts';

export interface MetricsOptions {
  db: Database;
  /** The event store every command goes through: its appends, conflicts and refusals are counted. */
  store: EventStore;
  projections: readonly Projection[];
  /** The declared consumers (their lag and dead letters, read when scraped), and this process's counts of what it handled. */
  consumers?: readonly Consumer[] | undefined;
  consumerStats?: (() => ConsumerStats[]) | undefined;
  /** When set, GET /metrics wants `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** The answer cache's counters (absent where there is none, as in API tests). */
  answerCacheStats?: (() => AnswerCacheStats) | undefined;
  /** The rate limits' counters: whether the process stands in for Redis. */
  rateLimitStoreStats?: (() => RateLimitStoreStats | undefined) | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts an answer in the request metrics (method, route pattern, status code, seconds). */
    observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET /metrics (Prometheus text format) and the hooks that feed it. */
export const metrics = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const shop = createShopMetrics(options);
    const stopObserving = options.store.observe(shop.observer);
    app.addHook('onClose', async () => {
      stopObserving();
    });
    app.addHook('onResponse', (request, reply, done) => {
      shop.observeRequest(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    // For answers sent without Fastify (server/answer-cache/), which no onResponse hook sees.
    app.decorate('observeRequest', shop.observeRequest);

    app.get('/metrics', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (options.token) {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        if (!sameToken(given, options.token)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new HttpError(401, 'Send the metrics token as Authorization: Bearer <token>');
        }
      }
      return reply.type(shop.registry.contentType).send(await shop.registry.metrics());
    });
  },
  { name: 'dino-shop-metrics', fastify: '5.x' },
);
