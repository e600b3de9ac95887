import { describe, expect, it } from 'vitest';
import { ApiRequestError, shopperMessage } from '../../../storefront/lib/api-fetch.ts';

describe('destructive toast text for a failed call', () => {
  it("shows the API's message from a 'status: body' error", () => {
    const error = new ApiRequestError(422, '{"error":"Unprocessable Entity","message":"Only 2 left in stock"}');
    expect(shopperMessage(error, 'Please try again')).toBe('Only 2 left in stock');
  });

  it('never shows a raw answer or a browser error: the fallback says what to do', () => {
    expect(shopperMessage(new ApiRequestError(502, '<html><body>Bad Gateway</body></html>'), 'Please try again')).toBe(
      'Please try again',
    );
    expect(shopperMessage(new ApiRequestError(400, '{"issues":[]}'), 'Please try again')).toBe('Please try again');
    expect(shopperMessage(new TypeError('Failed to fetch'), 'Please try again')).toBe('Please try again');
  });

  it("falls back to 'Please try again' when there is nothing to say", () => {
    expect(shopperMessage(new ApiRequestError(500, ''), 'Please try again')).toBe('Please try again');
    expect(shopperMessage(new Error(''), 'Please try again')).toBe('Please try again');
    expect(shopperMessage('weird', 'Please try again')).toBe('Please try again');
  });
});

describe('ApiRequestError', () => {
  it("keeps the 'status: body' text and types the parts", () => {
    const error = new ApiRequestError(429, '{"error":"Too Many Requests","message":"Slow down"}', 30);
    expect(error.message).toBe('429: {"error":"Too Many Requests","message":"Slow down"}');
    expect({
      status: error.status,
      error: error.error,
      apiMessage: error.apiMessage,
      retryAfter: error.retryAfter,
    }).toEqual({
      status: 429,
      error: 'Too Many Requests',
      apiMessage: 'Slow down',
      retryAfter: 30,
    });
    expect(new ApiRequestError(502, '<html>').error).toBeUndefined();
  });
});

describe('a rate-limited cart call', () => {
  it('shows the API’s 429 message, which names how long to wait (the Retry-After)', async () => {
    const { tooManyRequests } = await import('../../../http/plugins/rate-limit.ts');
    const refusal = tooManyRequests('newCarts', 42);
    const body = JSON.stringify({ error: refusal.error, message: refusal.message });
    expect(shopperMessage(new ApiRequestError(429, body, 42), 'fallback')).toBe(
      'Too many new carts were started from your address. Please wait 42 seconds and try again.',
    );
  });
});
