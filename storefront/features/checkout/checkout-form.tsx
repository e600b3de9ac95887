import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { flashFor } from '../../lib/flash.ts';
import { typedOf, useTypedBeforeHydration } from '../../lib/typed-before-hydration.ts';
import {
  CHECKOUT_DEFAULTS,
  CHECKOUT_FIELDS,
  CHECKOUT_MESSAGES,
  COUNTRY_LABELS,
  COUNTRY_OPTIONS,
  STATE_LABELS,
  STATE_OPTIONS,
  checkoutErrors,
  emptyCardFields,
  type CardField,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutFormValues,
} from '../../../contracts/checkout.ts';
import { formatCents } from '../../../contracts/money-format.ts';
import { CartVersionField } from '../../components/cart-version-field.tsx';
import { btn } from '../../components/ui.ts';
import { FieldError, SelectInput, TextInput, errorId } from './fields.tsx';
import { FORM_ACTIONS } from '../../../contracts/form-actions.ts';
import { PaymentOption, Section } from './checkout-form-parts.tsx';
import { DEMO_CHECKOUT_LINE } from '../../../contracts/demo-checkout.ts';

export interface CheckoutFormProps {
  totalCents: number;
  /** The cart version the order is for: without JavaScript the post sends it back (CART_VERSION_FIELD). */
  cartVersion: number | null;
  /**
   * Places the order with the form's values ('Processing...' while the request runs): resolves true once it is
   * placed, false when it was not (refused, or the call failed) and the form stays as filled in.
   */
  onComplete: (values: CheckoutFormValues) => Promise<boolean>;
}

const STATES = STATE_OPTIONS.map((code) => ({ value: code, label: `${STATE_LABELS[code]} (${code})` }));
const COUNTRIES = COUNTRY_OPTIONS.map((code) => ({ value: code, label: COUNTRY_LABELS[code] }));

/**
 * The demo checkout form. Validation is the one valibot schema in contracts/checkout.ts;
 * after the first submit the messages follow every keystroke. With JavaScript the order goes to
 * POST /api/orders and the fields are wiped once it is placed; without it the form posts to /checkout,
 * where the server validates it with the same schema. Either way no payment is taken.
 */
export function CheckoutForm({ totalCents, cartVersion, onComplete }: CheckoutFormProps) {
  // A plain form post that failed validation comes back with its values (card number and CVC
  // excepted) and the messages, from the flash.
  const posted = flashFor(usePageContext().flash, 'checkout');
  const [values, setValues] = useState<CheckoutFormValues>(() => ({ ...CHECKOUT_DEFAULTS, ...posted?.values }));
  const [errors, setErrors] = useState<CheckoutErrors>(posted?.errors ?? {});
  const [submitted, setSubmitted] = useState(posted !== undefined);
  const [processing, setProcessing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Adopted as typed: the payment radios can hold only the two methods the form offers, so the cast is safe.
  useTypedBeforeHydration(formRef, (typed) =>
    setValues((current) => ({ ...current, ...(typedOf(typed, CHECKOUT_FIELDS) as Partial<CheckoutFormValues>) })),
  );

  const update = (field: CheckoutField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(checkoutErrors(next));
  };
  const bind = (field: Exclude<CheckoutField, 'paymentMethod'>) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => update(field, event.target.value),
    error: errors[field],
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing) return;
    const found = checkoutErrors(values);
    setSubmitted(true);
    setErrors(found);
    const first = CHECKOUT_FIELDS.find((field) => found[field] !== undefined);
    if (first) {
      // Missing card details are reported on the payment method, but the field to fill is the first empty one.
      const emptyCard = found[first] === CHECKOUT_MESSAGES.cardDetails ? emptyCardFields(values)[0] : undefined;
      focusField(formRef.current, emptyCard ?? first);
      return;
    }
    // 'Processing...' for as long as the shop takes to place the order, and no longer.
    setProcessing(true);
    void onComplete(values).then((placed) => {
      setProcessing(false);
      if (placed) setValues(CHECKOUT_DEFAULTS);
    });
  };

  const paymentError = errors.paymentMethod;
  // 'Please complete all credit card details' is shown on the payment method; the empty card fields are
  // invalid too, and each is tied to that message.
  const missingCard = paymentError === CHECKOUT_MESSAGES.cardDetails ? emptyCardFields(values) : [];
  const bindCard = (field: CardField) => ({
    ...bind(field),
    invalidBy: missingCard.includes(field) ? errorId('paymentMethod') : undefined,
  });

  return (
    <form
      ref={formRef}
      method="post"
      action={FORM_ACTIONS.checkout}
      noValidate
      onSubmit={onSubmit}
      aria-label="Checkout"
      className="space-y-6"
    >
      <CartVersionField version={cartVersion} />
      <fieldset disabled={processing} className="space-y-6">
        <Section title="Contact" step={1}>
          <TextInput
            id="email"
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...bind('email')}
          />
          <p className="mt-2 text-xs text-ink-600">We'll email your order confirmation here.</p>
        </Section>

        <Section title="Shipping address" step={2}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput id="firstName" label="First name" autoComplete="given-name" {...bind('firstName')} />
            <TextInput id="lastName" label="Last name" autoComplete="family-name" {...bind('lastName')} />
            <TextInput
              id="address"
              label="Address"
              autoComplete="street-address"
              className="sm:col-span-2"
              {...bind('address')}
            />
            <TextInput id="city" label="City" autoComplete="address-level2" {...bind('city')} />
            <SelectInput
              id="state"
              label="State"
              autoComplete="address-level1"
              options={STATES}
              placeholder="Select a state"
              {...bind('state')}
            />
            <TextInput
              id="zipCode"
              label="ZIP code"
              autoComplete="postal-code"
              inputMode="numeric"
              {...bind('zipCode')}
            />
            <SelectInput id="country" label="Country" autoComplete="country" options={COUNTRIES} {...bind('country')} />
          </div>
        </Section>

        <Section title="Payment" step={3}>
          <div
            role="radiogroup"
            aria-labelledby="payment-method-label"
            aria-describedby={paymentError ? errorId('paymentMethod') : undefined}
            aria-invalid={paymentError ? true : undefined}
            className="grid gap-3 sm:grid-cols-2"
          >
            <span id="payment-method-label" className="sr-only">
              Payment method
            </span>
            <PaymentOption
              value="credit-card"
              checked={values.paymentMethod === 'credit-card'}
              invalid={!!paymentError}
              onSelect={(value) => update('paymentMethod', value)}
              title="Credit card"
              detail="Visa, Mastercard, Amex, Dino Express"
            />
            <PaymentOption
              value="paypal"
              checked={values.paymentMethod === 'paypal'}
              invalid={!!paymentError}
              onSelect={(value) => update('paymentMethod', value)}
              title="PayPal"
              detail="Pay with your PayPal account"
            />
          </div>
          <FieldError id="paymentMethod" message={paymentError} />

          {values.paymentMethod === 'credit-card' ? (
            <div className="mt-5 grid gap-4 sm:grid-cols-2" data-testid="card-fields">
              <TextInput
                id="cardNumber"
                label="Card number"
                inputMode="numeric"
                autoComplete="off"
                placeholder="4242 4242 4242 4242"
                className="sm:col-span-2"
                {...bindCard('cardNumber')}
              />
              <TextInput
                id="cardName"
                label="Name on card"
                autoComplete="off"
                className="sm:col-span-2"
                {...bindCard('cardName')}
              />
              <TextInput
                id="cardExpiry"
                label="Expiry date"
                autoComplete="off"
                placeholder="MM/YY"
                {...bindCard('cardExpiry')}
              />
              <TextInput
                id="cardCvc"
                label="CVC"
                autoComplete="off"
                inputMode="numeric"
                placeholder="123"
                {...bindCard('cardCvc')}
              />
              <p className="text-xs text-ink-600 sm:col-span-2">
                Demo only: use made-up numbers. Card details are never kept and are wiped when the order is placed.
              </p>
            </div>
          ) : (
            <p className="mt-5 rounded-2xl bg-ink-50 p-4 text-sm text-ink-700 ring-1 ring-ink-200">
              In a real shop you would now be sent to PayPal. This is a demo, so nobody will ask for your password.
            </p>
          )}
        </Section>
      </fieldset>

      <button
        type="submit"
        aria-disabled={processing || undefined}
        aria-busy={processing || undefined}
        className={`${btn.primary} w-full py-4 text-base ${processing ? 'cursor-wait opacity-90' : ''}`}
        data-testid="place-order"
      >
        {processing ? (
          <>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 animate-spin" fill="none">
              <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
              <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
            </svg>
            Processing...
          </>
        ) : (
          `Complete Order • ${formatCents(totalCents)}`
        )}
      </button>
      <p className="text-center text-xs text-ink-600">{DEMO_CHECKOUT_LINE}</p>
    </form>
  );
}

/** Focuses a field by name; the payment method by its checked option. */
function focusField(form: HTMLFormElement | null, field: CheckoutField) {
  if (!form) return;
  const target =
    field === 'paymentMethod'
      ? form.querySelector<HTMLElement>('input[name="paymentMethod"]:checked')
      : form.querySelector<HTMLElement>(`#${field}`);
  target?.focus();
}
