import { useId, useRef, useState, type FormEvent } from 'react';
import { MailIcon } from '../../components/icons.tsx';
import { usePageContext } from 'vike-react/usePageContext';
import { flashFor } from '../../lib/flash.ts';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration.ts';
import { SIGNUP_MESSAGES } from '../../../contracts/shop-messages.ts';
import { ReturnTo } from '../../lib/return-to.tsx';
import { preloadToaster, toast } from '../toast/toast.ts';
import { FORM_ACTIONS } from '../../../contracts/form-actions.ts';

/** Validation and the call load on the form's first use (see signup.submit.ts). */
const loadSubmit = () => import('./signup.submit.ts');

/**
 * The mailing-list section that ends the home page: validates the email, shows
 * 'Subscribing...' while the call runs, then a success toast and an empty form, or a failure toast.
 */
export function SignupSection() {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // A plain form post that was refused comes back with the address and the message (the flash).
  const posted = flashFor(usePageContext().flash, 'signup');
  const [email, setEmail] = useState(posted?.values.email ?? '');
  const [error, setError] = useState<string | null>(posted?.errors.email ?? null);
  const [isPending, setPending] = useState(false);
  const busy = useRef(false);

  useTypedBeforeHydration(inputRef, (typed) => typed.email !== undefined && setEmail(typed.email));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    preloadToaster();
    void loadSubmit()
      .then(async (signup) => {
        const parsed = signup.parseSubscribe(email);
        if ('error' in parsed) {
          setError(parsed.error);
          inputRef.current?.focus();
          return;
        }
        const { input } = parsed;
        setError(null);
        setPending(true);
        try {
          const outcome = await signup.subscribe(input);
          // The API's words, as the form without JavaScript shows them (new, or already on the list).
          toast.success(SIGNUP_MESSAGES.success, { description: outcome.message });
          setEmail('');
          setError(null);
        } catch (failure) {
          toast.error(SIGNUP_MESSAGES.failed, { description: signup.failureText(failure) });
        }
      })
      .catch(() => toast.error(SIGNUP_MESSAGES.failed, { description: SIGNUP_MESSAGES.failedDescription }))
      .finally(() => {
        busy.current = false;
        setPending(false);
      });
  };

  return (
    <section
      id="signup"
      aria-labelledby="signup-heading"
      className="relative bg-brand-800 px-4 py-16 text-white sm:py-20"
      data-focus-dark
    >
      {/* The glows reach past the section's edges: they are cut by a layer that cannot scroll (clip, not
          hidden), so the section is never wider than the page and focusing its field cannot slide it. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-clip">
        <div className="absolute -left-20 -top-24 size-72 rounded-full bg-brand-600/50 blur-3xl" />
        <div className="absolute -bottom-28 -right-16 size-80 rounded-full bg-accent-600/30 blur-3xl" />
        <img
          src="/images/mascots/stego.svg"
          alt=""
          width={160}
          height={160}
          loading="lazy"
          className="absolute bottom-0 left-0 hidden size-40 lg:block xl:size-48"
        />
      </div>
      <div className="relative mx-auto max-w-2xl text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-white/10 text-sun-300 ring-1 ring-white/20">
          <MailIcon className="size-7" />
        </span>
        <h2 id="signup-heading" className="mt-5 font-display text-3xl font-black tracking-tight sm:text-4xl">
          Join the Dino Den
        </h2>
        <p className="mt-3 text-lg text-brand-50">
          Get new collections, cheeky deals and prehistoric gossip in your inbox.
        </p>

        <form
          method="post"
          action={FORM_ACTIONS.subscribe}
          noValidate
          onSubmit={onSubmit}
          className="mx-auto mt-8 max-w-lg text-left"
          aria-label="Mailing list signup"
        >
          <ReturnTo />
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
              aria-describedby={error ? `${id}-error` : undefined}
              className={`min-w-0 flex-1 rounded-full border-2 bg-white px-5 py-3.5 text-base text-ink-900 placeholder:text-ink-500 focus:outline-none ${
                error ? 'border-accent-400' : 'border-transparent focus:border-sun-300'
              }`}
            />
            <button
              type="submit"
              disabled={isPending}
              className="inline-flex items-center justify-center gap-2 rounded-full bg-sun-300 px-7 py-3.5 text-base font-black text-ink-900 shadow-sm transition hover:bg-sun-400 active:scale-[0.98] disabled:cursor-wait disabled:opacity-80"
            >
              {isPending ? 'Subscribing...' : 'Subscribe'}
            </button>
          </div>
          {/* The message takes the note's place (one grid cell, sized for the taller of the two), so the
              section does not grow and nothing below it moves when it appears. */}
          <div className="mt-3 grid">
            {error && (
              <p
                id={`${id}-error`}
                className="col-start-1 row-start-1 self-start rounded-xl bg-white/95 px-4 py-2 text-sm font-bold text-accent-700"
              >
                {error}
              </p>
            )}
            <p
              className={`col-start-1 row-start-1 min-h-9 pt-1 text-center text-sm text-brand-100 ${error ? 'invisible' : ''}`}
            >
              No spam, only rawr-some news. Unsubscribe any time.
            </p>
          </div>
        </form>
      </div>
    </section>
  );
}
