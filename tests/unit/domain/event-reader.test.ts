import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { readCartEvent } from '../../../domain/cart/cart.events.ts';
import { UnreadableEvent, eventReader } from '../../../domain/event-reader.ts';
import { readSubscriptionEvent } from '../../../domain/subscriptions/subscription.events.ts';

const at = '2026-11-21T12:00:00.000Z';
const stored = (type: string, data: unknown) => ({ position: 42, streamId: 'cart-abc', version: 3, type, data });

describe('reading stored events', () => {
  it('parses each cart and subscription event to its typed shape', () => {
    const data = { schemaVersion: 1, lineId: 'l-1', productId: 1, variantId: 2, quantity: 3, at };
    expect(readCartEvent(stored('ItemAdded', data))).toEqual({ type: 'ItemAdded', data });
    expect(readCartEvent(stored('CartCleared', { schemaVersion: 1, at }))).toEqual({
      type: 'CartCleared',
      data: { schemaVersion: 1, at },
    });
    expect(
      readSubscriptionEvent(stored('Subscribed', { schemaVersion: 1, email: 'rex@example.com', at })).data,
    ).toEqual({ schemaVersion: 1, email: 'rex@example.com', at });
  });

  it('a bad row is an error naming its position, stream, version and the broken field', () => {
    const bad = () => readCartEvent(stored('QuantityChanged', { schemaVersion: 1, lineId: 'l-1', quantity: '3', at }));
    expect(bad).toThrow(UnreadableEvent);
    expect(bad).toThrow(/^event at position 42 \(cart-abc version 3, QuantityChanged\) is unreadable: quantity: /);
    expect(() => readCartEvent(stored('ItemRemoved', { schemaVersion: 1, at }))).toThrow(/lineId/);
    expect(() => readCartEvent(stored('ItemTeleported', { schemaVersion: 1, at }))).toThrow(
      /unknown event type "ItemTeleported"/,
    );
    expect(() => readCartEvent(stored('CartCleared', { schemaVersion: 7, at }))).toThrow(
      /unknown schemaVersion 7 \(known: 1 to 1\)/,
    );
    expect(() => readCartEvent(stored('CartCleared', null))).toThrow(/unknown schemaVersion undefined/);
  });

  it('upcasts an older version step by step to the newest shape', () => {
    type Renamed = { type: 'Renamed'; data: { schemaVersion: 3; fullName: string; initials: string } };
    const read = eventReader<Renamed>({
      Renamed: [
        {
          schema: v.object({ schemaVersion: v.literal(1), name: v.string() }),
          upcast: (d: { name: string }) => ({ schemaVersion: 2, fullName: d.name }),
        },
        {
          schema: v.object({ schemaVersion: v.literal(2), fullName: v.string() }),
          upcast: (d: { fullName: string }) => ({
            schemaVersion: 3,
            fullName: d.fullName,
            initials: d.fullName.slice(0, 1),
          }),
        },
        { schema: v.object({ schemaVersion: v.literal(3), fullName: v.string(), initials: v.string() }) },
      ],
    });
    const newest = { schemaVersion: 3, fullName: 'Rex', initials: 'R' };
    expect(read(stored('Renamed', { schemaVersion: 1, name: 'Rex' })).data).toEqual(newest);
    expect(read(stored('Renamed', { schemaVersion: 2, fullName: 'Rex' })).data).toEqual(newest);
    expect(read(stored('Renamed', newest)).data).toEqual(newest);
    expect(() => read(stored('Renamed', { schemaVersion: 1, fullName: 'Rex' }))).toThrow(/name/);
  });
});

describe('an event reader declared against its event type', () => {
  it('does not compile when the newest schema lacks a required field of the type (valibot would drop it on every read)', () => {
    type Noted = { type: 'Noted'; data: { schemaVersion: 1; text: string; author: string } };
    const read = eventReader<Noted>({
      // @ts-expect-error the schema has no `author`, which every Noted event's data must carry
      Noted: [{ schema: v.object({ schemaVersion: v.literal(1), text: v.string() }) }],
    });
    // At run time the field is simply gone: what the compile error prevents.
    expect(read(stored('Noted', { schemaVersion: 1, text: 'hi', author: 'rex' })).data).toEqual({
      schemaVersion: 1,
      text: 'hi',
    });
  });
});
