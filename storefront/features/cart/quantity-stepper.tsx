import { MinusIcon, PlusIcon } from '../../components/icons.tsx';
import { InPlaceSubmit } from '../../components/in-place-submit.tsx';
import { ReturnTo } from '../../lib/return-to.tsx';
import { SeenCartVersion } from './seen-cart-version.tsx';

export interface QuantityStepperProps {
  /** The product name, for the buttons' labels ('Increase quantity of T-Rex Tiny Arms Thong'). */
  label: string;
  value: number;
  min?: number;
  max: number;
  onStep: (delta: 1 | -1) => void;
  /** The line is not confirmed by the server yet. */
  disabled?: boolean;
  size?: 'sm' | 'md';
  /** Where the line's quantity form posts (without JavaScript each button submits its new quantity). */
  action: string;
}

/**
 * − n + for a cart line (minimum 1, maximum the variant's stock). The buttons use
 * aria-disabled rather than `disabled` at the bounds, so keyboard focus stays on them.
 */
export function QuantityStepper({
  label,
  value,
  min = 1,
  max,
  onStep,
  disabled = false,
  size = 'md',
  action,
}: QuantityStepperProps) {
  const atMin = disabled || value <= min;
  const atMax = disabled || value >= max;
  const button =
    size === 'sm'
      ? 'inline-flex size-9 items-center justify-center rounded-full text-ink-800 transition hover:bg-brand-50 hover:text-brand-800 aria-disabled:cursor-not-allowed aria-disabled:text-ink-300 aria-disabled:hover:bg-transparent'
      : 'inline-flex size-10 items-center justify-center rounded-full text-ink-800 transition hover:bg-brand-50 hover:text-brand-800 aria-disabled:cursor-not-allowed aria-disabled:text-ink-300 aria-disabled:hover:bg-transparent';
  return (
    // The group is a div inside the form: a form may not take the group role.
    <form method="post" action={action} className="inline-flex">
      <ReturnTo />
      <SeenCartVersion />
      <div
        role="group"
        aria-label={`Quantity of ${label}`}
        className="inline-flex items-center rounded-full bg-white p-0.5 ring-1 ring-ink-300"
      >
        <InPlaceSubmit
          name="quantity"
          value={Math.max(min, value - 1)}
          className={button}
          aria-label={`Decrease quantity of ${label}`}
          aria-disabled={atMin}
          onSubmitInPlace={() => {
            if (!atMin) onStep(-1);
          }}
        >
          <MinusIcon className="size-4" />
        </InPlaceSubmit>
        <span
          data-testid="line-quantity"
          aria-live="polite"
          aria-atomic="true"
          className={`min-w-8 text-center font-bold tabular-nums text-ink-900 ${size === 'sm' ? 'text-sm' : 'text-base'}`}
        >
          {value}
        </span>
        <InPlaceSubmit
          name="quantity"
          value={Math.min(max, value + 1)}
          className={button}
          aria-label={`Increase quantity of ${label}`}
          aria-disabled={atMax}
          onSubmitInPlace={() => {
            if (!atMax) onStep(1);
          }}
        >
          <PlusIcon className="size-4" />
        </InPlaceSubmit>
      </div>
    </form>
  );
}
