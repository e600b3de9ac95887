import { useId } from 'react';
import { MinusIcon, PlusIcon } from '../../../components/icons.tsx';
import { useHydrated } from '../../../lib/hydrated.ts';

/**
 * Quantity stepper: minus unavailable at the minimum, plus at the maximum. The buttons use
 * aria-disabled rather than `disabled`, so a button that reaches its bound keeps keyboard focus.
 * They step by script: until the page has hydrated (or without JavaScript) they keep their place but
 * are hidden from sight, pointer, keyboard and screen readers, and the number field is the control.
 */
const stepButton =
  'inline-flex size-10 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:text-ink-300 aria-disabled:hover:bg-transparent';

export function QuantitySelector({
  name,
  value,
  min,
  max,
  onChange,
}: {
  /** The field's name in the surrounding form. */
  name?: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const stepper = useHydrated() ? stepButton : `${stepButton} invisible`;
  const clamp = (n: number) => Math.min(Math.max(min, max), Math.max(min, Math.trunc(n)));
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-bold text-ink-900">
        Quantity
      </label>
      {/* The field's own outline would be clipped by the pill: the pill shows the focus instead. */}
      <div className="mt-2 inline-flex items-center rounded-full border-2 border-ink-200 bg-white p-1 has-[input:focus-visible]:border-brand-600 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600">
        <button
          type="button"
          onClick={() => value > min && onChange(clamp(value - 1))}
          aria-disabled={value <= min}
          aria-label="Decrease quantity"
          className={stepper}
        >
          <MinusIcon className="size-4" />
        </button>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={Math.max(min, max)}
          value={value}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isFinite(n) && e.target.value !== '') onChange(clamp(n));
          }}
          className="w-12 appearance-none bg-transparent text-center text-base font-bold text-ink-900 [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          onClick={() => value < max && onChange(clamp(value + 1))}
          aria-disabled={value >= max}
          aria-label="Increase quantity"
          className={stepper}
        >
          <PlusIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
