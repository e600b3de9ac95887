import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openLoop } from '../../../bench/open-loop.ts';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe('open-loop load', () => {
  it('offers the requests on schedule, evenly, whatever the answers', async () => {
    const arrivals: number[] = [];
    const url = await serve((_request, response) => {
      arrivals.push(performance.now());
      response.end('ok');
    });
    const result = await openLoop({ url, rate: 200, connections: 4, duration: 0.5 });
    expect(result.total).toBe(100);
    expect(result.statusCodes).toEqual({ '200': 100 });
    // Evenly spaced (5 ms apart, 495 ms from first to last), not a burst at the start of each
    // second. Judged over the whole run: a stall of the test's own process (a busy machine) makes
    // the requests it delayed go together, which bunches a few but cannot pull the whole run in.
    const spread = arrivals[99]! - arrivals[0]!;
    expect(spread).toBeGreaterThan(300);
  });

  it('charges a stalled server for every request that waited behind it', async () => {
    let first = true;
    const url = await serve((_request, response) => {
      if (first) {
        first = false;
        // One stall of 200 ms on the only connection: the requests scheduled meanwhile queue behind it.
        setTimeout(() => response.end('slow'), 200);
        return;
      }
      response.end('ok');
    });
    const result = await openLoop({ url, rate: 100, connections: 1, duration: 0.5 });
    expect(result.total).toBe(50);
    // Measured from when each request was due, about 20 of them waited 100-200 ms: p90 shows it.
    expect(result.latency.max).toBeGreaterThanOrEqual(190);
    expect(result.latency.p90).toBeGreaterThan(50);
  });
});
