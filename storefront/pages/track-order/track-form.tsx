import type { FormEvent, RefObject } from 'react';
import { FORM_ACTIONS } from '../../../contracts/form-actions.ts';
import { ORDER_NUMBER_EXAMPLE, ORDER_NUMBER_HINT, type TrackErrors } from '../../../contracts/order-tracking.ts';
import { TextField } from '../../components/form-field.tsx';
import { btn } from '../../components/ui.ts';

interface TrackFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  orderNumber: string;
  email: string;
  errors: TrackErrors;
  /** A lookup is on its way: the button waits for it. */
  looking: boolean;
  onOrderNumber: (value: string) => void;
  onEmail: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The lookup form: a plain post to /track-order without JavaScript, handled in place with it. */
export function TrackForm({
  formRef,
  orderNumber,
  email,
  errors,
  looking,
  onOrderNumber,
  onEmail,
  onSubmit,
}: TrackFormProps) {
  return (
    <form
      ref={formRef}
      method="post"
      action={FORM_ACTIONS.trackOrder}
      noValidate
      onSubmit={onSubmit}
      className="space-y-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200 sm:p-8"
    >
      <TextField
        label="Order number"
        name="orderNumber"
        value={orderNumber}
        onChange={(e) => onOrderNumber(e.target.value)}
        error={errors.orderNumber}
        placeholder={ORDER_NUMBER_EXAMPLE}
        hint={ORDER_NUMBER_HINT}
        autoComplete="off"
        required
      />
      <TextField
        label="Email address"
        name="email"
        type="email"
        value={email}
        onChange={(e) => onEmail(e.target.value)}
        error={errors.email}
        autoComplete="email"
        required
      />
      <button type="submit" className={btn.primary} disabled={looking}>
        Track Order
      </button>
    </form>
  );
}
