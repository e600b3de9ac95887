import { describe, expect, it } from 'vitest';
import { consumerText, formatOffset } from '../../../cli/trace-text.ts';

describe('events trace in words', () => {
  it('given a time after the first event, then it reads in the unit that suits it', () => {
    expect([0, 849.6, 1_250, 59_999, 180_000, 9_000_000, 4 * 86_400_000, -5].map(formatOffset)).toEqual([
      '+0 ms',
      '+850 ms',
      '+1.3 s',
      '+60.0 s',
      '+3 min',
      '+2.5 h',
      '+4.0 d',
      '+0 ms',
    ]);
  });

  it('given what a consumer did with an event, then one line says it, with its mail and how many tries it took', () => {
    const start = Date.parse('2026-12-02T10:00:00.000Z');
    const mail = {
      messageId: '<order-confirmation.9@dinobooty.test>',
      consumer: 'order-confirmation',
      state: 'sent' as const,
      attempts: 2,
      position: 9,
      startedAt: new Date(start),
      sentAt: new Date(start + 1_500),
    };
    expect(consumerText({ consumer: 'order-confirmation', outcome: 'handled', mails: [mail] }, start)).toBe(
      'handled; mail <order-confirmation.9@dinobooty.test> sent +1.5 s (2 tries)',
    );
    expect(consumerText({ consumer: 'order-shipped', outcome: 'waiting', mails: [] }, start)).toBe('not handled yet');
    expect(
      consumerText(
        {
          consumer: 'x',
          outcome: 'retrying',
          attempts: 1,
          error: '451 busy',
          retryAt: new Date(start + 2_000),
          mails: [],
        },
        start,
      ),
    ).toBe('retrying after 1 failed try, next at 2026-12-02T10:00:02.000Z: 451 busy');
    expect(
      consumerText(
        {
          consumer: 'x',
          outcome: 'parked',
          attempts: 8,
          error: '451 busy',
          mails: [{ ...mail, state: 'sending', sentAt: null, attempts: 8 }],
        },
        start,
      ),
    ).toBe(
      'parked after 8 tries: 451 busy; mail <order-confirmation.9@dinobooty.test> in flight, not accepted yet (8 tries)',
    );
    expect(
      consumerText({ consumer: 'x', outcome: 'skipped', attempts: 8, error: 'address gone', mails: [] }, start),
    ).toBe('skipped by an operator: address gone');
  });
});
