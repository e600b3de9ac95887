import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  emptyCardFields,
  CHECKOUT_DEFAULTS,
  CHECKOUT_FIELDS,
  COUNTRY_OPTIONS,
  CheckoutForm,
  PAYMENT_METHODS,
  STATE_OPTIONS,
  checkoutErrors,
  orderNumber,
  type CheckoutFormValues,
} from '../../../contracts/checkout.ts';

const valid: CheckoutFormValues = {
  email: 'rex@jurassic.com',
  firstName: 'Rex',
  lastName: 'Tyrant',
  address: '1 Volcano Way',
  city: 'Pangaea',
  state: 'CA',
  zipCode: '90210',
  country: 'US',
  paymentMethod: 'credit-card',
  cardNumber: '4242 4242 4242 4242',
  cardName: 'Rex Tyrant',
  cardExpiry: '12/30',
  cardCvc: '123',
};

describe('checkout form schema', () => {
  it('accepts a complete card order and a PayPal order without card details', () => {
    expect(checkoutErrors(valid)).toEqual({});
    expect(v.is(CheckoutForm, valid)).toBe(true);
    expect(
      checkoutErrors({ ...valid, paymentMethod: 'paypal', cardNumber: '', cardName: '', cardExpiry: '', cardCvc: '' }),
    ).toEqual({});
  });

  it('gives every validation message for the empty form, each on its field', () => {
    expect(checkoutErrors(CHECKOUT_DEFAULTS)).toEqual({
      email: 'Please enter a valid email address',
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      address: 'Please enter your full address',
      city: 'Please enter your city',
      state: 'Please select your state',
      zipCode: 'Please enter a valid zip code',
      paymentMethod: 'Please complete all credit card details',
    });
  });

  it('starts with country US and credit card', () => {
    expect(CHECKOUT_DEFAULTS.country).toBe('US');
    expect(CHECKOUT_DEFAULTS.paymentMethod).toBe('credit-card');
  });

  it.each([
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['email', 'rex@', 'Please enter a valid email address'],
    ['firstName', 'R', 'First name must be at least 2 characters'],
    ['firstName', ' R ', 'First name must be at least 2 characters'],
    ['lastName', 'T', 'Last name must be at least 2 characters'],
    ['address', '1 Vo', 'Please enter your full address'],
    ['city', 'P', 'Please enter your city'],
    ['state', 'C', 'Please select your state'],
    ['zipCode', '9021', 'Please enter a valid zip code'],
    ['country', 'U', 'Please select your country'],
    ['country', '', 'Please select your country'],
  ] as const)('%s = %j → %s', (field, value, message) => {
    expect(checkoutErrors({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('accepts the boundary lengths', () => {
    expect(
      checkoutErrors({
        ...valid,
        firstName: 'Al',
        lastName: 'Oz',
        address: '1 Rd.',
        city: 'Ur',
        state: 'NY',
        zipCode: '12345',
        country: 'AU',
      }),
    ).toEqual({});
  });

  it.each(['cardNumber', 'cardName', 'cardExpiry', 'cardCvc'] as const)(
    "paying by card with %s missing → 'Please complete all credit card details' on the payment method",
    (field) => {
      expect(checkoutErrors({ ...valid, [field]: '' })).toEqual({
        paymentMethod: 'Please complete all credit card details',
      });
      expect(checkoutErrors({ ...valid, [field]: '   ' })).toEqual({
        paymentMethod: 'Please complete all credit card details',
      });
    },
  );

  it('checks card details even while other fields are invalid (all messages at once)', () => {
    const errors = checkoutErrors({ ...valid, email: 'x', cardCvc: '' });
    expect(errors).toEqual({
      email: 'Please enter a valid email address',
      paymentMethod: 'Please complete all credit card details',
    });
  });

  it('does no format checks on card fields', () => {
    expect(checkoutErrors({ ...valid, cardNumber: 'abc', cardExpiry: 'whenever', cardCvc: '1' })).toEqual({});
  });

  it('only knows credit-card and paypal', () => {
    expect(PAYMENT_METHODS).toEqual(['credit-card', 'paypal']);
    expect(v.safeParse(CheckoutForm, { ...valid, paymentMethod: 'bitcoin' }).success).toBe(false);
  });

  it('offers the spec’s states and countries, and lists every field once', () => {
    expect(STATE_OPTIONS).toEqual(['AL', 'AK', 'AZ', 'CA', 'CO', 'NY', 'TX']);
    expect(COUNTRY_OPTIONS).toEqual(['US', 'CA', 'UK', 'AU']);
    expect([...CHECKOUT_FIELDS].sort()).toEqual(Object.keys(CHECKOUT_DEFAULTS).sort());
  });
});

describe('order number', () => {
  it("is '#DINO-' and six digits", () => {
    expect(orderNumber(() => 0)).toBe('#DINO-100000');
    expect(orderNumber(() => 0.999999999)).toBe('#DINO-999999');
    expect(orderNumber(() => 0.5)).toBe('#DINO-550000');
    for (let i = 0; i < 50; i += 1) expect(orderNumber()).toMatch(/^#DINO-\d{6}$/);
  });
});

describe('empty card fields', () => {
  const card = {
    paymentMethod: 'credit-card' as const,
    cardNumber: '4242',
    cardName: ' ',
    cardExpiry: '',
    cardCvc: '123',
  };

  it('are the blank card fields when paying by card, in form order', () => {
    expect(emptyCardFields(card)).toEqual(['cardName', 'cardExpiry']);
    expect(emptyCardFields({ ...card, cardName: 'Rex', cardExpiry: '12/30' })).toEqual([]);
  });

  it('are none when paying by PayPal', () => {
    expect(emptyCardFields({ ...card, paymentMethod: 'paypal' })).toEqual([]);
  });
});
