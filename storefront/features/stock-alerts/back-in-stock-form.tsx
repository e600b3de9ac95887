import { useId, useRef, useState, type FormEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import type { Product, Variant } from '../../../contracts/catalogue.ts';
import { FORM_ACTIONS, STOCK_ALERT_FORM } from '../../../contracts/form-actions.ts';
import { SIZE_LABELS } from '../../../contracts/sizes.ts';
import { STOCK_ALERT_MESSAGES } from '../../../contracts/shop-messages.ts';
import { MailIcon } from '../../components/icons.tsx';
import { btn } from '../../components/ui.ts';
import { flashFor } from '../../lib/flash.ts';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration.ts';
import { usePageUrl } from '../../lib/page-url.ts';

/** Validation and the call load on the form's first use (see stock-alert.submit.ts). */
const loadSubmit = () => import('./stock-alert.submit.ts');

/**
 * "E-mail me when it's back", under a sold-out size and colour of the product page. A plain form that
 * posts without JavaScript (the page comes back with the outcome in its flash); enhanced, it asks
 * POST /api/stock-alerts in place and says so where the form was.
 */
export function BackInStockForm({ product, variant }: { product: Product; variant: Variant }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { pathname } = usePageUrl();
  // A plain post comes back with the outcome, for the variant it was about.
  const flashed = flashFor(usePageContext().flash, STOCK_ALERT_FORM);
  const posted = flashed?.values.variantId === String(variant.id) ? flashed : undefined;
  const [email, setEmail] = useState(posted?.values.email ?? '');
  const [error, setError] = useState<string | null>(posted?.errors.email ?? null);
  const [done, setDone] = useState<string | null>(
    posted?.result === 'requested' ? STOCK_ALERT_MESSAGES.requested : null,
  );
  const [isPending, setPending] = useState(false);
  const busy = useRef(false);

  useTypedBeforeHydration(inputRef, (typed) => typed.email !== undefined && setEmail(typed.email));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    void loadSubmit()
      .then(async (alerts) => {
        const parsed = alerts.parseStockAlert({ email, productId: product.id, variantId: variant.id });
        if ('error' in parsed) {
          setError(parsed.error);
          inputRef.current?.focus();
          return;
        }
        setError(null);
        setPending(true);
        try {
          setDone((await alerts.requestStockAlert(parsed.input)).message);
        } catch (failure) {
          setError(alerts.failureText(failure));
        }
      })
      .catch(() => setError(STOCK_ALERT_MESSAGES.failed))
      .finally(() => {
        busy.current = false;
        setPending(false);
      });
  };

  const headingId = `${id}-heading`;
  const what = `Size ${SIZE_LABELS[variant.size]} in ${variant.color}`;
  return (
    <section
      id="back-in-stock"
      aria-labelledby={headingId}
      className="mt-6 rounded-3xl bg-sun-100/60 p-5 ring-1 ring-sun-300 sm:p-6"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-display text-lg font-black text-ink-900">
        <MailIcon className="size-5 text-brand-700" /> {STOCK_ALERT_MESSAGES.heading}
      </h2>
      {done ? (
        <p role="status" className="mt-2 font-bold text-brand-800">
          {done}
        </p>
      ) : (
        <>
          <p id={`${id}-prompt`} className="mt-2 text-sm text-ink-700">
            {STOCK_ALERT_MESSAGES.prompt(what)}
          </p>
          <form
            method="post"
            action={FORM_ACTIONS.stockAlert}
            noValidate
            onSubmit={onSubmit}
            className="mt-4"
            aria-label={STOCK_ALERT_MESSAGES.heading}
          >
            {/* Back to this size and colour, whatever the page's URL chose. */}
            <input
              type="hidden"
              name="returnTo"
              value={`${pathname}?${new URLSearchParams({ size: variant.size, color: variant.color }).toString()}#back-in-stock`}
            />
            <input type="hidden" name="productId" value={product.id} />
            <input type="hidden" name="variantId" value={variant.id} />
            <label htmlFor={`${id}-email`} className="sr-only">
              Email address
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <input
                ref={inputRef}
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@jurassic.com"
                value={email}
                onFocus={() => void loadSubmit()}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (error) setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : `${id}-prompt`}
                className={`min-w-0 flex-1 rounded-full border-2 bg-white px-5 py-3 text-base text-ink-900 placeholder:text-ink-500 focus:outline-none ${
                  error ? 'border-accent-500' : 'border-ink-200 focus:border-brand-600'
                }`}
              />
              <button
                type="submit"
                disabled={isPending}
                className={`${btn.primary} h-12 shrink-0 disabled:cursor-wait disabled:opacity-80`}
              >
                {isPending ? STOCK_ALERT_MESSAGES.pending : STOCK_ALERT_MESSAGES.submit}
              </button>
            </div>
            {error && (
              <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-bold text-accent-700">
                {error}
              </p>
            )}
          </form>
        </>
      )}
    </section>
  );
}
