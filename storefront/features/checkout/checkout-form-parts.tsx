// The checkout form's numbered sections and its payment choices.
import type { ReactNode } from 'react';
import type { PaymentMethod } from '../../../contracts/checkout.ts';

export function Section({ title, step, children }: { title: string; step: number; children: ReactNode }) {
  const id = `checkout-section-${step}`;
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-7">
      <h2 id={id} className="flex items-center gap-3 font-display text-xl font-black text-ink-900">
        <span
          aria-hidden="true"
          className="inline-flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm text-brand-800"
        >
          {step}
        </span>
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function PaymentOption({
  value,
  checked,
  invalid,
  onSelect,
  title,
  detail,
}: {
  value: PaymentMethod;
  checked: boolean;
  invalid: boolean;
  onSelect: (value: PaymentMethod) => void;
  title: string;
  detail: string;
}) {
  return (
    <label
      className={`relative flex cursor-pointer items-start gap-3 rounded-2xl border-2 p-4 transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
        checked
          ? 'border-brand-600 bg-brand-50'
          : invalid
            ? 'border-accent-600 bg-white'
            : 'border-ink-200 bg-white hover:border-ink-300'
      }`}
    >
      <input
        type="radio"
        name="paymentMethod"
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="mt-1 size-4 accent-brand-700 focus:outline-none"
      />
      <span>
        <span className="block font-bold text-ink-900">{title}</span>
        <span className="block text-sm text-ink-600">{detail}</span>
      </span>
    </label>
  );
}
