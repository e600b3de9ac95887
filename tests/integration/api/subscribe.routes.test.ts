import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberStreamId } from '../../../domain/subscriptions/subscription.events.ts';
import { subscriberIdFor } from '../../../app/subscriptions/subscription.service.ts';
import { readStream } from '../../../eventstore/streams.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

describe.each(BACKENDS)('POST /api/subscribe on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  const subscribe = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/subscribe', payload: payload as object });

  it('subscribes a new email (201), recording one Subscribed event and a subscriber row', async () => {
    const response = await subscribe({ email: '  Trixie@Example.com ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      email: 'trixie@example.com',
      subscribed: true,
      message: "You've been added to our dinosaur mailing list.",
    });
    // The stream is named by a keyed hash of the address, never the address itself.
    const events = await readStream(app.db, subscriberStreamId(await subscriberIdFor(app.db, 'trixie@example.com')));
    expect(events.map((e) => e.type)).toEqual(['Subscribed']);
    expect(JSON.stringify(events)).not.toContain('trixie');
    const { rows } = await app.db.query<{ subscriber_id: string; email_cipher: string }>(
      'select subscriber_id, email_cipher from subscribers',
    );
    expect(rows).toEqual([
      {
        subscriber_id: await subscriberIdFor(app.db, 'trixie@example.com'),
        email_cipher: expect.stringMatching(/^a1\./),
      },
    ]);
  });

  it('subscribing again (any case, any spaces) records nothing new, and answers as for a new address: the answer does not tell who is on the list', async () => {
    const response = await subscribe({ email: 'TRIXIE@example.COM' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      email: 'trixie@example.com',
      subscribed: true,
      message: "You've been added to our dinosaur mailing list.",
    });
    expect(
      await readStream(app.db, subscriberStreamId(await subscriberIdFor(app.db, 'trixie@example.com'))),
    ).toHaveLength(1);
  });

  it.each([[{ email: 'not-an-email' }], [{ email: '' }], [{ email: 42 }], [{}]])(
    'refuses %j with 400 and the spec message, recording nothing',
    async (payload) => {
      const before = (await app.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n;
      const response = await subscribe(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Bad Request',
        message: expect.stringMatching(/valid email|email is required/),
        requestId: expect.any(String),
      });
      expect((await app.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n).toBe(before);
    },
  );

  it('refuses a non-JSON body with 415 and malformed JSON with 400', async () => {
    const textBody = await app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(textBody.statusCode).toBe(415);
    expect(textBody.json().error).toBe('Unsupported Media Type');
    const broken = await app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      error: 'Bad Request',
      message: 'The request body is not valid JSON',
      requestId: expect.any(String),
    });
  });

  it('refuses an oversized body with 413', async () => {
    const response = await subscribe({ email: `${'a'.repeat(20_000)}@example.com` });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'Payload Too Large',
      message: 'The request body is too large',
      requestId: expect.any(String),
    });
  });
});
