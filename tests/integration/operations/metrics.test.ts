import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopEventStore } from '../../../app/shop.ts';
import { TooMuchContention } from '../../../eventstore/command-handler.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';

const TOKEN = 'a-metrics-token-for-the-tests';
const variant = seed.products
  .flatMap((p) => p.variants.map((v) => ({ productId: p.id, variantId: v.id, stock: v.stock })))
  .find((v) => v.stock >= 5)!;

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A decider that always emits one Pinged event: enough to drive handleCommand through its retries. */
const pinger = {
  initialState: () => 0,
  evolve: (n: number) => n + 1,
  decide: () => [{ type: 'Pinged', data: { schemaVersion: 1 } }],
  readEvent: (event: { type: string; data: unknown }) => ({ type: event.type, data: { schemaVersion: 1 } }),
};

describe.each(BACKENDS)('GET /metrics on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend, { metricsToken: TOKEN });
  });
  afterAll(() => app?.close());

  const scrape = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('wants the bearer token when METRICS_TOKEN is set: 401 JSON without it or with another', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-at-all' }, { authorization: TOKEN }]) {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toEqual({
        error: 'Unauthorized',
        message: 'Send the metrics token as Authorization: Bearer <token>',
        requestId: expect.any(String),
      });
    }
  });

  it('request durations by route pattern and status, events appended by type, projection lag, event-loop delay', async () => {
    const alice = shopper(app);
    expect(
      (
        await alice.request({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: variant.productId, variantId: variant.variantId, quantity: 1 },
        })
      ).statusCode,
    ).toBe(201);
    const line = (await alice.request({ method: 'GET', url: '/api/cart' })).json().items[0];
    await alice.request({ method: 'PUT', url: `/api/cart/${line.id}`, payload: { quantity: 2 } });
    await app.inject({ method: 'GET', url: '/api/products/no-such-product' });

    const text = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/cart",status_code="201"}')).toBe(
      1,
    );
    expect(
      sample(text, 'http_request_duration_seconds_count{method="PUT",route="/api/cart/:itemId",status_code="200"}'),
    ).toBe(1);
    // The pattern, not the URL: no series per product slug.
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/:slug",status_code="404"}'),
    ).toBe(1);
    expect(text).not.toContain('no-such-product');
    expect(sample(text, 'dino_events_appended_total{type="ItemAdded"}')).toBe(1);
    expect(sample(text, 'dino_events_appended_total{type="QuantityChanged"}')).toBe(1);
    expect(sample(text, 'dino_projection_lag_events{projection="carts"}')).toBe(0);
    expect(sample(text, 'dino_projection_lag_events{projection="subscribers"}')).toBe(0);
    expect(sample(text, 'dino_projection_lag_seconds{projection="carts"}')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    if (backend === 'postgres') {
      expect(sample(text, 'dino_db_pool_connections{state="max"}')).toBe(20);
      expect(sample(text, 'dino_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    }
  });

  it('counts optimistic-concurrency conflicts, the retries they cause and the commands that gave up', async () => {
    const before = await scrape();
    const count = (text: string, series: string) => sample(text, series) ?? 0;
    // Another process (an event store the metrics do not watch) writes between each read and append.
    const elsewhere = shopEventStore(app.db);
    let sneaks = 1;
    const contended = (streamId: string) => async () => {
      if (sneaks-- > 0) await elsewhere.handle(streamId, pinger, () => ({}));
      return {};
    };
    await app.shop.store.handle(`metrics-${backend}-retried`, pinger, contended(`metrics-${backend}-retried`));
    sneaks = 5;
    await expect(
      app.shop.store.handle(`metrics-${backend}-gave-up`, pinger, contended(`metrics-${backend}-gave-up`), {
        maxAttempts: 2,
      }),
    ).rejects.toBeInstanceOf(TooMuchContention);

    const after = await scrape();
    expect(count(after, 'dino_command_conflicts_total') - count(before, 'dino_command_conflicts_total')).toBe(3);
    expect(count(after, 'dino_command_retries_total') - count(before, 'dino_command_retries_total')).toBe(2);
    expect(
      count(after, 'dino_command_contention_failures_total') - count(before, 'dino_command_contention_failures_total'),
    ).toBe(1);
    expect(
      count(after, 'dino_events_appended_total{type="Pinged"}') -
        count(before, 'dino_events_appended_total{type="Pinged"}'),
    ).toBe(1);
  });
});
