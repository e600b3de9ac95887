import { describe, expect, it } from 'vitest';
import { currentTraceparent, linksTo, traceIdOf, traceIdsForLog } from '../../../eventstore/tracing.ts';

describe('trace context stored with events', () => {
  it('given a stored traceparent, then its trace id is read back; anything else reads as none', () => {
    expect(traceIdOf('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBe(
      '4bf92f3577b34da6a3ce929d0e0e4736',
    );
    expect(['', undefined, '00-xyz-00f067aa0ba902b7-01', '00-4bf92f3577b34da6a3ce929d0e0e4736'].map(traceIdOf)).toEqual(
      [undefined, undefined, undefined, undefined],
    );
  });

  it('given no SDK started (tracing off), then nothing is stamped, linked or logged', () => {
    expect(currentTraceparent()).toBeUndefined();
    expect(linksTo(undefined)).toEqual([]);
    expect(traceIdsForLog()).toEqual({});
  });
});
