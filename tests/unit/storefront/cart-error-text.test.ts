import { describe, expect, it } from 'vitest';
import { errorText } from '../../../storefront/features/cart/error-text.ts';

describe('destructive toast text for a failed cart call', () => {
  it("shows the API's message from a 'status: body' error", () => {
    const error = new Error('422: {"error":"Unprocessable Entity","message":"Only 2 left in stock"}');
    expect(errorText(error, 'Please try again')).toBe('Only 2 left in stock');
  });

  it('shows the raw error when the body is not the API error shape', () => {
    expect(errorText(new Error('502: Bad Gateway'), 'Please try again')).toBe('502: Bad Gateway');
    expect(errorText(new Error('Failed to fetch'), 'Please try again')).toBe('Failed to fetch');
  });

  it("falls back to 'Please try again' when there is nothing to say", () => {
    expect(errorText(new Error('500: '), 'Please try again')).toBe('Please try again');
    expect(errorText(new Error(''), 'Please try again')).toBe('Please try again');
    expect(errorText('weird', 'Please try again')).toBe('Please try again');
  });
});
