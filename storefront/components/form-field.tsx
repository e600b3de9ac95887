import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const fieldClass = (invalid: boolean) =>
  `mt-1.5 block w-full rounded-2xl border-2 bg-white px-4 py-3 text-base text-ink-900 placeholder:text-ink-500 focus:outline-none ${
    invalid ? 'border-accent-600 focus:border-accent-700' : 'border-ink-200 focus:border-brand-600'
  }`;

/**
 * What a field takes unless it says otherwise: room for any address (254) and a long message. A form
 * sent without JavaScript comes back with what was typed in a cookie, which the server shortens to fit.
 */
const INPUT_MAX = 254;
const TEXTAREA_MAX = 2_000;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; error?: string; hint?: string };

/** A labelled input with its error message tied to it (aria-invalid + aria-describedby). */
export function TextField({ label, error, hint, ...props }: InputProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-bold text-ink-900">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldClass(!!error)}
        maxLength={INPUT_MAX}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-accent-700">
          {error}
        </p>
      )}
    </div>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: string; error?: string };

export function TextAreaField({ label, error, ...props }: TextAreaProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-bold text-ink-900">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldClass(!!error)}
        maxLength={TEXTAREA_MAX}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-accent-700">
          {error}
        </p>
      )}
    </div>
  );
}
