import { describe, expect, it } from 'vitest';
import { openPersonal, sealPersonal, newDataKey, subscriberIdOf } from '../../../domain/personal-seal.ts';
import { decide, evolve, initialState } from '../../../domain/subscriptions/subscription.decider.ts';
import type { SubscriptionEvent } from '../../../domain/subscriptions/subscription.events.ts';

const at = '2026-11-21T12:00:00.000Z';
const subscribe = { type: 'Subscribe' as const, subscriberId: 'id-rex', emailCipher: 'a1.sealed', at };
const subscribed: SubscriptionEvent = {
  type: 'Subscribed',
  data: { schemaVersion: 2, subscriberId: 'id-rex', emailCipher: 'a1.sealed', at },
};
const forgotten: SubscriptionEvent = {
  type: 'SubscriberForgotten',
  data: { schemaVersion: 1, subscriberId: 'id-rex', at },
};
const fold = (events: SubscriptionEvent[]) => events.reduce(evolve, initialState());

describe('subscription decider', () => {
  it('records Subscribed with the sealed address for a new subscriber', () => {
    expect(decide(subscribe, initialState())).toEqual([subscribed]);
  });

  it('records nothing (and does not fail) when already subscribed', () => {
    expect(decide(subscribe, fold([subscribed]))).toEqual([]);
  });

  it('forgets a subscriber without any address in the event; forgetting again records nothing', () => {
    expect(decide({ type: 'Forget', subscriberId: 'id-rex', at }, fold([subscribed]))).toEqual([forgotten]);
    expect(decide({ type: 'Forget', subscriberId: 'id-rex', at }, fold([subscribed, forgotten]))).toEqual([]);
    expect(decide({ type: 'Forget', subscriberId: 'id-rex', at }, initialState())).toEqual([]);
  });

  it('a forgotten subscriber may subscribe again', () => {
    expect(decide(subscribe, fold([subscribed, forgotten]))).toEqual([subscribed]);
  });
});

describe('email cipher', () => {
  it('seals an address with a subscriber key: only that key opens it, and two seals differ', () => {
    const key = newDataKey();
    const sealed = sealPersonal(key, 'rex@example.com');
    expect(sealed).toMatch(/^a1\./);
    expect(sealed).not.toContain('rex');
    expect(openPersonal(key, sealed)).toBe('rex@example.com');
    expect(sealPersonal(key, 'rex@example.com')).not.toBe(sealed);
    expect(() => openPersonal(newDataKey(), sealed)).toThrow();
  });

  it('opens addresses of any length one after another, and refuses a sealed text that is malformed or tampered with', () => {
    const key = newDataKey();
    const long = `${'t-rex.'.repeat(200)}@example.com`;
    for (const email of [long, 'rex@example.com', 'ptérodactyle@example.com', long])
      expect(openPersonal(key, sealPersonal(key, email))).toBe(email);
    const [format, iv, tag, body] = sealPersonal(key, 'rex@example.com').split('.') as [string, string, string, string];
    const flipped = (part: string) => (part[0] === 'A' ? 'B' : 'A') + part.slice(1);
    for (const bad of [
      '',
      'rex@example.com',
      `a2.${iv}.${tag}.${body}`,
      `${format}..${tag}.${body}`,
      `${format}.${iv}..${body}`,
      `${format}.${iv}.${tag}`,
      `${format}.${iv}.${tag}.${body}.extra`,
      `${format}.${iv}.${flipped(tag)}.${body}`,
      `${format}.${iv}.${tag}.${flipped(body)}`,
      `${format}.${flipped(iv)}.${tag}.${body}`,
    ]) {
      expect(() => openPersonal(key, bad), bad).toThrow();
    }
  });

  it('names a subscriber by a keyed hash: stable per address and lookup key', () => {
    const lookup = newDataKey();
    const id = subscriberIdOf(lookup, 'rex@example.com');
    expect(id).toBe(subscriberIdOf(lookup, 'rex@example.com'));
    expect(id).not.toBe(subscriberIdOf(newDataKey(), 'rex@example.com'));
    expect(id).toMatch(/^[\w-]{43}$/);
  });
});
