import type { Measured } from '../../../bench/lib/shop-process.ts';

/** A measured run of 1,000 requests at 1 ms each, `failed` of them answered `failedStatus`; `fields` override. */
export const measured = ({
  failed = 0,
  failedStatus = 503,
  ...fields
}: Partial<Measured> & { failed?: number; failedStatus?: number } = {}): Measured => ({
  rps: 60,
  total: 1000,
  latency: { mean: 1, p50: 1, p90: 1, p99: 1, max: 1 },
  non2xx: failed,
  errors: 0,
  timeouts: 0,
  statusCodes: { 200: 1000 - failed, ...(failed ? { [failedStatus]: failed } : {}) },
  bytesPerRequest: 1,
  loadAvg: [1, 1],
  ...fields,
});
