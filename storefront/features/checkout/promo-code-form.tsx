import { useId, useRef, useState, type FormEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { PROMO_CODE, isPromoCode } from '../../../contracts/cart-rules.ts';
import { PROMO_MESSAGES } from '../../../contracts/shop-messages.ts';
import { btn } from '../../components/ui.ts';
import { apiRequest } from '../../lib/api-fetch.ts';
import { flashFor } from '../../lib/flash.ts';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration.ts';
import { FORM_ACTIONS } from '../../../contracts/form-actions.ts';

/** The promo code: checked here at once, and kept in the session for checkout. */
export function PromoCodeForm({
  applied,
  onResult,
  onSaving,
}: {
  applied: boolean;
  onResult: (applied: boolean) => void;
  /** The post that keeps the code in the session, while it is on its way (it settles, never rejects). */
  onSaving?: (saved: Promise<unknown>) => void;
}) {
  const id = useId();
  const posted = flashFor(usePageContext().flash, 'promo');
  const [code, setCode] = useState(posted?.values.promoCode ?? (applied ? PROMO_CODE : ''));
  const [result, setResult] = useState<'applied' | 'invalid' | 'not-saved' | null>(
    posted?.result === 'invalid' ? 'invalid' : posted?.result === 'applied' ? 'applied' : null,
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const submits = useRef(0);

  useTypedBeforeHydration(inputRef, ({ promoCode }) => promoCode !== undefined && setCode(promoCode));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nowApplied = isPromoCode(code);
    setResult(nowApplied ? 'applied' : 'invalid');
    onResult(nowApplied);
    // The session keeps the code for checkout (the same post a page without JavaScript makes). A code
    // the session did not take is not applied: checkout would charge the shipping it promised away.
    const submit = ++submits.current;
    const saved = apiRequest(FORM_ACTIONS.cartPromo, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ promoCode: code }),
    })
      // The route answers the enhanced page in JSON; anything else (a page it was sent to) kept nothing.
      .then(async (response) => {
        const answer: unknown = await response.json();
        if (typeof answer !== 'object' || answer === null || !('applied' in answer))
          throw new Error('the promo code was not saved');
      })
      .catch(() => {
        if (!nowApplied || submit !== submits.current) return;
        setResult('not-saved');
        onResult(false);
      });
    onSaving?.(saved);
  };

  return (
    <form
      method="post"
      action={FORM_ACTIONS.cartPromo}
      onSubmit={onSubmit}
      className="mt-6 border-t border-ink-200 pt-5"
    >
      <label htmlFor={`${id}-code`} className="text-sm font-bold text-ink-900">
        Promo code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          ref={inputRef}
          id={`${id}-code`}
          name="promoCode"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Enter code"
          aria-invalid={result === 'invalid' || undefined}
          aria-describedby={`${id}-message`}
          className={`min-w-0 flex-1 rounded-full border-2 bg-white px-4 py-2.5 text-sm font-semibold uppercase tracking-wide text-ink-900 placeholder:font-normal placeholder:normal-case placeholder:tracking-normal placeholder:text-ink-500 focus:outline-none ${
            result === 'invalid' || result === 'not-saved'
              ? 'border-accent-600'
              : result === 'applied'
                ? 'border-brand-600'
                : 'border-ink-200 focus:border-brand-600'
          }`}
        />
        <button type="submit" className={btn.small}>
          Apply
        </button>
      </div>
      <p
        id={`${id}-message`}
        role="status"
        data-testid="promo-message"
        className={`mt-2 min-h-5 text-sm font-semibold ${result === 'applied' ? 'text-brand-700' : 'text-red-700'}`}
      >
        {result === 'applied'
          ? PROMO_MESSAGES.applied
          : result === 'invalid'
            ? PROMO_MESSAGES.invalid
            : result === 'not-saved'
              ? PROMO_MESSAGES.notSaved
              : ''}
      </p>
    </form>
  );
}
