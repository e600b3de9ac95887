import * as v from 'valibot';
import { Email, INVALID_EMAIL } from './subscription.ts';
import { ORDER_NUMBER_PREFIX } from './order-tracking.ts';

/**
 * The demo checkout form, validated by this one schema, which carries every validation message: in
 * the browser when JavaScript runs, on the server when the plain form is posted. No payment is taken
 * (contracts/demo-checkout.ts); the order is kept and can be tracked.
 */
export const STATE_OPTIONS = ['AL', 'AK', 'AZ', 'CA', 'CO', 'NY', 'TX'] as const;
export type StateCode = (typeof STATE_OPTIONS)[number];
export const STATE_LABELS: Record<StateCode, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  CA: 'California',
  CO: 'Colorado',
  NY: 'New York',
  TX: 'Texas',
};

export const COUNTRY_OPTIONS = ['US', 'CA', 'UK', 'AU'] as const;
export type CountryCode = (typeof COUNTRY_OPTIONS)[number];
export const COUNTRY_LABELS: Record<CountryCode, string> = {
  US: 'United States',
  CA: 'Canada',
  UK: 'United Kingdom',
  AU: 'Australia',
};

export const PAYMENT_METHODS = ['credit-card', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CHECKOUT_MESSAGES = {
  email: INVALID_EMAIL,
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  address: 'Please enter your full address',
  city: 'Please enter your city',
  state: 'Please select your state',
  zipCode: 'Please enter a valid zip code',
  country: 'Please select your country',
  paymentMethod: 'Please choose a payment method',
  cardDetails: 'Please complete all credit card details',
} as const;

const atLeast = (length: number, message: string) => v.pipe(v.string(message), v.trim(), v.minLength(length, message));
/** Card fields have no format checks: only "all present" when paying by card. */
const cardField = v.optional(v.string(), '');

export const CARD_FIELDS = ['cardNumber', 'cardName', 'cardExpiry', 'cardCvc'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

/**
 * The card fields that 'Please complete all credit card details' is about: the empty ones, when paying
 * by card. The message sits on the payment method; each of these fields is marked invalid and tied to it.
 */
export function emptyCardFields(values: { paymentMethod: string } & Record<CardField, string>): CardField[] {
  return values.paymentMethod === 'credit-card' ? CARD_FIELDS.filter((field) => values[field].trim() === '') : [];
}

export const CheckoutForm = v.pipe(
  v.object({
    email: Email,
    firstName: atLeast(2, CHECKOUT_MESSAGES.firstName),
    lastName: atLeast(2, CHECKOUT_MESSAGES.lastName),
    address: atLeast(5, CHECKOUT_MESSAGES.address),
    city: atLeast(2, CHECKOUT_MESSAGES.city),
    state: atLeast(2, CHECKOUT_MESSAGES.state),
    zipCode: atLeast(5, CHECKOUT_MESSAGES.zipCode),
    country: atLeast(2, CHECKOUT_MESSAGES.country),
    paymentMethod: v.picklist(PAYMENT_METHODS, CHECKOUT_MESSAGES.paymentMethod),
    cardNumber: cardField,
    cardName: cardField,
    cardExpiry: cardField,
    cardCvc: cardField,
  }),
  // Shown on the payment method, where the card details are chosen; runs even while other fields are still invalid.
  v.forward(
    v.partialCheck(
      [['paymentMethod'], ['cardNumber'], ['cardName'], ['cardExpiry'], ['cardCvc']],
      (input) => emptyCardFields(input).length === 0,
      CHECKOUT_MESSAGES.cardDetails,
    ),
    ['paymentMethod'],
  ),
);

export type CheckoutFormInput = v.InferInput<typeof CheckoutForm>;
export type CheckoutFormValues = Required<CheckoutFormInput>;
export type CheckoutField = keyof CheckoutFormValues;

/** What the form starts with: country US, paying by credit card. */
export const CHECKOUT_DEFAULTS: CheckoutFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'US',
  paymentMethod: 'credit-card',
  cardNumber: '',
  cardName: '',
  cardExpiry: '',
  cardCvc: '',
};

/** Every field, in the order the form shows them (the first invalid one gets focus). */
export const CHECKOUT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
  'paymentMethod',
  'cardNumber',
  'cardName',
  'cardExpiry',
  'cardCvc',
] as const satisfies readonly CheckoutField[];

export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** The first message for each invalid field; an empty object when the form is valid. */
export function checkoutErrors(values: CheckoutFormInput): CheckoutErrors {
  const result = v.safeParse(CheckoutForm, values);
  if (result.success) return {};
  const nested = v.flatten<typeof CheckoutForm>(result.issues).nested ?? {};
  const errors: CheckoutErrors = {};
  for (const field of CHECKOUT_FIELDS) {
    const first = nested[field]?.[0];
    if (first !== undefined) errors[field] = first;
  }
  return errors;
}

/** '#DINO-' and a random 6-digit number (100000–999999), drawn again by the shop on a clash. `random` is injectable for tests. */
export function orderNumber(random: () => number = Math.random): string {
  const digits = 100000 + Math.min(899999, Math.floor(random() * 900000));
  return `${ORDER_NUMBER_PREFIX}${digits}`;
}

/** A placed order, as its confirmation shows it: from the form post's flash, or kept by the tab. */
export const PlacedOrder = v.object({
  number: v.string(),
  /** When it was placed (ISO 8601). */
  placedAt: v.pipe(v.string(), v.isoTimestamp()),
  totalCents: v.pipe(v.number(), v.safeInteger()),
  email: v.string(),
});
export type PlacedOrder = v.InferOutput<typeof PlacedOrder>;

/** The confirmation of an order the shop recorded, placed for `email` (trimmed). */
export function placedOrderOf(
  order: { number: string; placedAt: string; totalCents: number },
  email: string,
): PlacedOrder {
  return { number: order.number, placedAt: order.placedAt, totalCents: order.totalCents, email: email.trim() };
}
