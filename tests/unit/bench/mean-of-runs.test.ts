import { describe, expect, it } from 'vitest';
import { type Measured, loadProblems, meanOfRuns } from '../../../bench/lib/shop-process.ts';

const run = (rps: number, total: number, extra: Partial<Measured> = {}): Measured => ({
  rps,
  total,
  latency: { mean: rps / 1000, p50: 1, p90: 2, p99: rps / 100, max: rps / 10 },
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { 200: total },
  bytesPerRequest: 100,
  loadAvg: [rps / 1000, rps / 500],
  ...extra,
});

describe('meanOfRuns: two baseline runs as one', () => {
  it('weighs CPU per request by the requests of each run, and keeps the higher peak RSS', () => {
    const both = meanOfRuns(
      run(1000, 5000, { cpuMsPerRequest: 0.2, peakRssMb: 120 }),
      run(3000, 15000, { cpuMsPerRequest: 0.1, peakRssMb: 110 }),
    );
    expect(both.rps).toBe(2000);
    expect(both.total).toBe(20000);
    // (0.2 * 5,000 + 0.1 * 15,000) / 20,000: the CPU of all the requests over their count.
    expect(both.cpuMsPerRequest).toBeCloseTo(0.125, 10);
    expect(both.peakRssMb).toBe(120);
    expect(both.latency.p99).toBe(20);
    expect(both.latency.max).toBe(300);
    expect(both.loadAvg).toEqual([1, 6]);
  });

  it('keeps the failures of both runs: a failed first run is not hidden by a clean second', () => {
    const both = meanOfRuns(
      run(1000, 5000, { non2xx: 3, statusCodes: { 200: 4997, 503: 3 }, timeouts: 1 }),
      run(3000, 15000),
    );
    expect(both.non2xx).toBe(3);
    expect(both.timeouts).toBe(1);
    expect(both.statusCodes).toEqual({ 200: 19997, 503: 3 });
    expect(loadProblems(both)).toContain('4 of 20000 responses failed');
  });

  it('claims no CPU or RSS that one of the runs could not measure', () => {
    const both = meanOfRuns(run(1000, 5000, { cpuMsPerRequest: 0.2, peakRssMb: 120 }), run(3000, 15000));
    expect(both).not.toHaveProperty('cpuMsPerRequest');
    expect(both).not.toHaveProperty('peakRssMb');
  });
});
