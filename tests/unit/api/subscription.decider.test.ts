import { describe, expect, it } from 'vitest';
import { decide, evolve, initialState } from '../../../api/subscriptions/subscription.decider.ts';
import { subscriberStreamId } from '../../../api/subscriptions/subscription.events.ts';

const at = '2026-11-21T12:00:00.000Z';

describe('subscription decider', () => {
  it('records Subscribed with the normalised email for a new subscriber', () => {
    expect(decide({ type: 'Subscribe', email: '  Rex@Example.COM ', at }, initialState())).toEqual([
      { type: 'Subscribed', data: { schemaVersion: 1, email: 'rex@example.com', at } },
    ]);
  });

  it('records nothing (and does not fail) when already subscribed', () => {
    const state = evolve(initialState(), { type: 'Subscribed', data: { schemaVersion: 1, email: 'rex@example.com', at } });
    expect(decide({ type: 'Subscribe', email: 'REX@example.com', at }, state)).toEqual([]);
  });

  it('names one stream per email, case-insensitively and trimmed', () => {
    expect(subscriberStreamId(' Rex@Example.com')).toBe(subscriberStreamId('rex@example.com'));
  });
});
