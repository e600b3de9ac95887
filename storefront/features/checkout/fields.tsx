import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

const control = (invalid: boolean) =>
  `mt-1.5 block w-full scroll-mt-28 rounded-2xl border-2 bg-white px-4 py-3 text-base text-ink-900 placeholder:text-ink-500 focus:outline-none disabled:bg-ink-50 disabled:text-ink-500 ${
    invalid ? 'border-accent-600 focus:border-accent-700' : 'border-ink-200 focus:border-brand-600'
  }`;

export const errorId = (id: string) => `${id}-error`;

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} className="mt-1.5 flex items-center gap-1.5 text-sm font-semibold text-accent-700">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.5H9.1V6Zm0 7h1.8v1.8H9.1V13Z" />
      </svg>
      {message}
    </p>
  );
}

interface Common {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  className?: string;
}

type TextProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
    /** The id of a message shown elsewhere that also makes this field invalid (a group's message). */
    invalidBy?: string;
  };

/** A labelled input; its error sits right under it and is tied to it (aria-invalid, aria-describedby). */
export function TextInput({ id, label, error, invalidBy, hint, className = '', ...input }: TextProps) {
  const describedBy =
    [hint ? `${id}-hint` : null, error ? errorId(id) : null, invalidBy ?? null].filter(Boolean).join(' ') || undefined;
  const invalid = !!error || invalidBy !== undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-bold text-ink-900">
        {label}
      </label>
      <input
        id={id}
        name={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={control(invalid)}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-ink-600">
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

type SelectProps = Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  };

export function SelectInput({ id, label, error, hint, className = '', options, placeholder, ...select }: SelectProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-bold text-ink-900">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          name={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(id) : undefined}
          className={`${control(!!error)} appearance-none pr-10`}
          {...select}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="pointer-events-none absolute right-4 top-1/2 mt-0.5 size-5 -translate-y-1/2 text-ink-500"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <FieldError id={id} message={error} />
    </div>
  );
}
