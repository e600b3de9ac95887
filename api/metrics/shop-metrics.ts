import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { ORDER_STATUSES } from '../../contracts/orders.ts';
import type { ConsumerStats } from '../../consumers/consumer-runner.ts';
import { consumerStatuses } from '../../consumers/consumer-status.ts';
import { CHECKOUT_REFUSALS, type CheckoutRefusal } from '../../domain/orders/order.decider.ts';
import type { CommandObserver } from '../../eventstore/command-handler.ts';
import type { AnswerCacheStats } from '../../http/answer-rules.ts';
import { orderCountsByStatus } from '../../projections/orders/orders.queries.ts';
import { projectionStatuses } from '../../projections/status.ts';
import type { MetricsOptions } from './metrics.ts';
import { RequestDurations } from './request-durations.ts';

/** Seconds; from a cached catalogue answer to a slow checkout under contention. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The shop's Prometheus metrics, in a registry of its own (several apps in one test process never
 * share counters). Gauges that need the database (projection lag) are read when scraped.
 */
export function createShopMetrics({
  db,
  projections,
  consumers = [],
  consumerStats,
  answerCacheStats,
  rateLimitStoreStats,
}: Omit<MetricsOptions, 'token' | 'store'>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requestDuration = new RequestDurations(
    'http_request_duration_seconds',
    'Time to answer a request, by method, route pattern and status code',
    DURATION_BUCKETS,
  ).register(registry);
  const eventsAppended = new Counter({
    name: 'dino_events_appended_total',
    help: 'Events appended to the log by commands, by event type',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const conflicts = new Counter({
    name: 'dino_command_conflicts_total',
    help: 'Optimistic-concurrency conflicts met by commands (the stream moved between read and append)',
    registers: [registry],
  });
  const retries = new Counter({
    name: 'dino_command_retries_total',
    help: 'Commands run again after a conflict',
    registers: [registry],
  });
  const gaveUp = new Counter({
    name: 'dino_command_contention_failures_total',
    help: 'Commands that stayed in conflict through every retry (answered 409)',
    registers: [registry],
  });
  new Gauge({
    name: 'dino_projection_lag_events',
    help: 'Events of a projection’s types not yet applied to its read model',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const status of await projectionStatuses(db, projections)) this.set({ projection: status.name }, status.lag);
    },
  });
  new Gauge({
    name: 'dino_projection_lag_seconds',
    help: 'Seconds the oldest event not yet applied to a projection’s read model has waited (0 when none)',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const status of await projectionStatuses(db, projections))
        this.set({ projection: status.name }, status.lagSeconds);
    },
  });
  new Gauge({
    name: 'dino_orders',
    help: 'Orders by status (Processing, Shipped, Delivered, Cancelled), read from the orders read model when scraped',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const status of ORDER_STATUSES) this.set({ status }, 0);
      for (const { status, count } of await orderCountsByStatus(db)) this.set({ status }, count);
    },
  });
  new Gauge({
    name: 'dino_consumer_lag_events',
    help: 'Events of a consumer’s types after its checkpoint, not yet handled',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const status of await consumerStatuses(db, consumers)) this.set({ consumer: status.name }, status.lag);
    },
  });
  new Gauge({
    name: 'dino_consumer_lag_seconds',
    help: 'Seconds the oldest event after a consumer’s checkpoint has waited to be handled (0 when none)',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const status of await consumerStatuses(db, consumers))
        this.set({ consumer: status.name }, status.lagSeconds);
    },
  });
  new Gauge({
    name: 'dino_consumer_dead_letters',
    help: 'Events a consumer parked after its tries (or queued for another), awaiting an operator',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const status of await consumerStatuses(db, consumers))
        this.set({ consumer: status.name }, status.deadLetters);
    },
  });
  const consumerCount = (read: (stats: ConsumerStats) => number) =>
    function (this: Counter<'consumer'>) {
      this.reset();
      for (const stats of consumerStats?.() ?? []) this.inc({ consumer: stats.name }, read(stats));
    };
  new Counter({
    name: 'dino_consumer_events_handled_total',
    help: 'Events this process’s consumers handled',
    labelNames: ['consumer'] as const,
    registers: [registry],
    collect: consumerCount((s) => s.handled),
  });
  new Counter({
    name: 'dino_consumer_events_failed_total',
    help: 'Tries of an event by this process’s consumers that failed',
    labelNames: ['consumer'] as const,
    registers: [registry],
    collect: consumerCount((s) => s.failed),
  });
  // The answer cache counts for itself; these read its counters when scraped.
  const counted = (read: (stats: AnswerCacheStats) => number) =>
    function (this: Counter) {
      if (!answerCacheStats) return;
      this.reset();
      this.inc(read(answerCacheStats()));
    };
  const sized = (read: (stats: AnswerCacheStats) => number) =>
    function (this: Gauge) {
      if (answerCacheStats) this.set(read(answerCacheStats()));
    };
  new Counter({
    name: 'dino_answer_cache_hits_total',
    help: 'Requests answered from the answer cache (catalogue API, catalogue pages), before Fastify',
    registers: [registry],
    collect: counted((s) => s.hits),
  });
  new Counter({
    name: 'dino_answer_cache_misses_total',
    help: 'Requests for a cacheable answer that had to be made',
    registers: [registry],
    collect: counted((s) => s.misses),
  });
  new Gauge({
    name: 'dino_answer_cache_entries',
    help: 'URLs the answer cache holds (each with its renditions)',
    registers: [registry],
    collect: sized((s) => s.entries),
  });
  new Gauge({
    name: 'dino_answer_cache_bytes',
    help: 'Bytes the answer cache holds (every rendition and encoding)',
    registers: [registry],
    collect: sized((s) => s.bytes),
  });
  new Gauge({
    name: 'dino_rate_limit_store_fallback',
    help: '1 while Redis (REDIS_URL) cannot count the rate limits and the process counts them instead, else 0',
    registers: [registry],
    collect() {
      this.set(rateLimitStoreStats?.()?.fallback ? 1 : 0);
    },
  });
  new Counter({
    name: 'dino_rate_limit_store_fallback_counts_total',
    help: 'Rate-limit counts made in the process because Redis could not make them',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(rateLimitStoreStats?.()?.fallbackCounts ?? 0);
    },
  });
  new Gauge({
    name: 'dino_db_pool_connections',
    help: 'Database pool connections by state (max, total, idle) and queries waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = db.poolStats?.();
      if (!pool) return;
      for (const state of ['max', 'total', 'idle', 'waiting'] as const) this.set({ state }, pool[state]);
    },
  });

  const ordersPlaced = new Counter({
    name: 'dino_orders_placed_total',
    help: 'Orders placed (API and plain forms)',
    registers: [registry],
  });
  const ordersRefused = new Counter({
    name: 'dino_orders_refused_total',
    help: 'Checkouts refused, by reason (empty-cart, out-of-stock, unavailable)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const isCheckoutRefusal = (reason: string | undefined): reason is CheckoutRefusal =>
    (CHECKOUT_REFUSALS as readonly (string | undefined)[]).includes(reason);

  const observer: CommandObserver = {
    appended(events) {
      for (const event of events) {
        eventsAppended.inc({ type: event.type });
        if (event.type === 'OrderPlaced') ordersPlaced.inc();
      }
    },
    refused(error) {
      if (isCheckoutRefusal(error.reason)) ordersRefused.inc({ reason: error.reason });
    },
    conflict(_streamId, outcome) {
      conflicts.inc();
      if (outcome === 'retried') retries.inc();
      else gaveUp.inc();
    },
  };

  return {
    registry,
    observer,
    /** `route` is the route pattern, never the raw URL: one series per route, whatever the query string. */
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      requestDuration.observe(method, route, statusCode, seconds);
    },
  };
}
