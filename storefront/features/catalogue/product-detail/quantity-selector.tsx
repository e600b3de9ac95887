import { useId } from 'react';
import { MinusIcon, PlusIcon } from '../../../components/icons.tsx';

/** Quantity stepper: minus disabled at the minimum, plus at the maximum (spec 5). */
export function QuantitySelector({
  value,
  min,
  max,
  onChange,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const clamp = (n: number) => Math.min(Math.max(min, max), Math.max(min, Math.trunc(n)));
  return (
    <div>
      <label htmlFor={id} className="text-sm font-bold text-ink-900">
        Quantity
      </label>
      <div className="mt-2 inline-flex items-center rounded-full border-2 border-ink-200 bg-white p-1">
        <button
          type="button"
          onClick={() => onChange(clamp(value - 1))}
          disabled={value <= min}
          aria-label="Decrease quantity"
          className="inline-flex size-10 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-ink-300 disabled:hover:bg-transparent"
        >
          <MinusIcon className="size-4" />
        </button>
        <input
          id={id}
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
          onClick={() => onChange(clamp(value + 1))}
          disabled={value >= max}
          aria-label="Increase quantity"
          className="inline-flex size-10 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-ink-300 disabled:hover:bg-transparent"
        >
          <PlusIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
