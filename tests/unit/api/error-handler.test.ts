import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../../http/plugins/error-handler.ts';
import { cartStreamId } from '../../../domain/cart/cart.events.ts';
import { subscriberStreamId } from '../../../domain/subscriptions/subscription.events.ts';
import { conflict } from '../../../domain/domain-error.ts';
import { HttpError } from '../../../http/http-error.ts';
import { TooMuchContention } from '../../../eventstore/command-handler.ts';

describe('a command that stayed contended through every retry', () => {
  it.each([
    [
      cartStreamId('7d1c6a2e-0000-4000-8000-000000000001'),
      'Your cart was changed at the same moment elsewhere. Please try again.',
    ],
    [subscriberStreamId('abc'), 'Your subscription was changed at the same moment elsewhere. Please try again.'],
    ['something-else', 'This was changed at the same moment elsewhere. Please try again.'],
  ])('on %s is a 409 that names what changed and says it passes (Retry-After)', async (streamId, message) => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.get('/contended', async () => {
      throw new TooMuchContention(streamId);
    });
    const answer = await app.inject({ method: 'GET', url: '/contended' });
    expect(answer.statusCode).toBe(409);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json()).toEqual({ error: 'Conflict', message, requestId: expect.any(String) });
    await app.close();
  });
});

describe('a domain conflict', () => {
  it('is a 409 without Retry-After: the answer, not a moment to wait out', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.get('/short', async () => {
      throw conflict('Only 2 left of T-Rex Boxers (M, Green)');
    });
    const answer = await app.inject({ method: 'GET', url: '/short' });
    expect(answer.statusCode).toBe(409);
    expect(answer.headers['retry-after']).toBeUndefined();
    await app.close();
  });

  it('differs from a refusal that passes, which says when to try again', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.get('/busy', async () => {
      throw new HttpError(
        409,
        'The first request with this Idempotency-Key is still being processed; try again shortly',
        1,
      );
    });
    const answer = await app.inject({ method: 'GET', url: '/busy' });
    expect(answer.statusCode).toBe(409);
    expect(answer.headers['retry-after']).toBe('1');
    await app.close();
  });
});
