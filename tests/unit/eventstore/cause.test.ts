import { describe, expect, it } from 'vitest';
import { causedBy, currentCause, envelopeOf, stampCause, withCause } from '../../../eventstore/cause.ts';

const cause = { correlationId: 'req-1', causationId: 'req-1', actor: 'shopper:abc' };
const event = (metadata?: Record<string, unknown>) => ({
  type: 'ItemAdded',
  data: {},
  ...(metadata ? { metadata } : {}),
});

describe('the cause of an event', () => {
  it('given no current cause, when events are stamped, then they are left as they are', () => {
    const events = [event()];
    expect(stampCause(events)).toBe(events);
  });

  it('given a cause, when events are stamped inside it (across an await), then each carries it beside its own metadata', async () => {
    const stamped = await withCause(cause, async () => {
      await Promise.resolve();
      return stampCause([event({ idempotencyKey: 'k' }), event()]);
    });
    expect(stamped.map((e) => e.metadata)).toEqual([{ ...cause, idempotencyKey: 'k' }, cause]);
    expect(currentCause()).toBeUndefined();
  });

  it('given a cause whose actor is a getter, when events are stamped, then the actor is read at that moment', () => {
    let actor = 'shopper';
    const lazy = {
      correlationId: 'req-2',
      causationId: 'req-2',
      get actor() {
        return actor;
      },
    };
    const stamped = withCause(lazy, () => {
      actor = 'shopper:minted';
      return stampCause([event()]);
    });
    expect(stamped[0]!.metadata).toMatchObject({ actor: 'shopper:minted' });
  });

  it('given a recorded event, when a consumer reacts to it, then its correlation goes on and the event is the causation', () => {
    expect(causedBy({ position: 42, metadata: cause }, 'consumer:mail')).toEqual({
      correlationId: 'req-1',
      causationId: 'event:42',
      actor: 'consumer:mail',
    });
  });

  it('given an event written before envelopes, when read, then its envelope is empty and a reaction correlates to the event itself', () => {
    expect(envelopeOf({ metadata: {} })).toEqual({});
    expect(envelopeOf({ metadata: { correlationId: 7 } })).toEqual({});
    expect(causedBy({ position: 9, metadata: {} }, 'consumer:mail')).toEqual({
      correlationId: 'event:9',
      causationId: 'event:9',
      actor: 'consumer:mail',
    });
  });
});
