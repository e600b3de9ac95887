import { describe, expect, it } from 'vitest';
import { backlogSeconds } from '../../../eventstore/log-reads.ts';

describe('backlogSeconds: lag as the time the oldest event still to do has waited', () => {
  const recorded = new Date('2026-12-02T10:00:00.000Z');

  it('given nothing to do, it is 0 at any time', () => {
    expect(backlogSeconds({ events: 0, oldestAt: null }, new Date('2030-01-01T00:00:00Z'))).toBe(0);
  });

  it('given events to do, it is the seconds since the oldest was recorded, to the millisecond', () => {
    expect(backlogSeconds({ events: 3, oldestAt: recorded }, new Date('2026-12-02T10:01:30.250Z'))).toBe(90.25);
  });

  it('given a clock behind the database that recorded the event, it is 0, never negative', () => {
    expect(backlogSeconds({ events: 1, oldestAt: recorded }, new Date('2026-12-02T09:59:59.000Z'))).toBe(0);
  });
});
