import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from '../../../api/metrics/request-durations.ts';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const observations: [string, string, number, number][] = [
  ['GET', '/api/products', 200, 0.0004],
  ['GET', '/api/products', 200, 0.001],
  ['GET', '/api/products', 200, 0.02],
  ['GET', '/api/products/:slug', 404, 0.003],
  ['POST', '/api/cart', 201, 0.5],
  ['POST', '/api/cart', 201, 7],
  ['GET', '/api/products', 304, 0.0001],
];

describe('RequestDurations', () => {
  it('shows what prom-client’s own histogram shows for the same observations, line for line', async () => {
    const ours = new Registry();
    const durations = new RequestDurations(
      'http_request_duration_seconds',
      'Time to answer a request',
      BUCKETS,
    ).register(ours);
    const theirs = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request',
      labelNames: ['method', 'route', 'status_code'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of observations) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status_code: String(status) }, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/products",status_code="200"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/cart",status_code="201"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/products/:slug",status_code="404"} 1',
    );
  });

  it('is cleared with the registry’s other metrics', async () => {
    const registry = new Registry();
    const durations = new RequestDurations('d', 'h', BUCKETS).register(registry);
    durations.observe('GET', '/', 200, 0.002);
    registry.resetMetrics();
    expect(await registry.metrics()).toBe('# HELP d h\n# TYPE d histogram\n');
  });
});
