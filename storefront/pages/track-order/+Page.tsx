import { useRef, useState, type FormEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { flashFor } from '../../lib/flash.ts';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration.ts';
import { PageHero } from '../../components/page-hero.tsx';
import {
  linkedOrderNumber,
  trackSampleOrder,
  validateTrackForm,
  type TrackErrors,
  type TrackResult,
} from '../../../contracts/order-tracking.ts';
import type { CancelNote } from './cancel-note.tsx';
import { OrderDetails } from './order-details.tsx';
import { OrderNotFound } from './order-not-found.tsx';
import { TrackForm } from './track-form.tsx';

/** Track Order: the lookup's state and what the shopper does with it; the pieces it shows are beside it. */
export default function TrackOrderPage() {
  // Without JavaScript the form posts to /track-order and comes back with its values and outcome.
  const { flash, urlParsed } = usePageContext();
  const posted = flashFor(flash, 'track');
  // The mails link here with the number (never the address): the server's render fills it in, so
  // it is there without JavaScript (the answer cache keeps no page per number).
  const [orderNumber, setOrderNumber] = useState(
    posted?.values.orderNumber ?? linkedOrderNumber(new URLSearchParams(urlParsed.searchOriginal ?? '')) ?? '',
  );
  const [email, setEmail] = useState(posted?.values.email ?? '');
  const [errors, setErrors] = useState<TrackErrors>(posted?.errors ?? {});
  // A posted lookup that found a recorded order carries it; otherwise the sample is matched here.
  const [result, setResult] = useState<TrackResult | null>(
    flash?.tracked
      ? { kind: 'found', order: flash.tracked }
      : posted?.result === 'not-found'
        ? { kind: 'not-found' }
        : posted?.result
          ? trackSampleOrder(orderNumber, email)
          : null,
  );
  const [looking, setLooking] = useState(false);
  // What became of a Cancel: the plain form's answer says it in the flash, the enhanced page sets it.
  const [cancelNote, setCancelNote] = useState<CancelNote | null>(
    posted?.result === 'cancelled'
      ? { kind: 'cancelled' }
      : posted?.errors.cancel
        ? { kind: 'refused', message: posted.errors.cancel }
        : null,
  );
  const [cancelling, setCancelling] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (typed) => {
    if (typed.orderNumber !== undefined) setOrderNumber(typed.orderNumber);
    if (typed.email !== undefined) setEmail(typed.email);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateTrackForm(orderNumber, email);
    setErrors(found);
    if (found.orderNumber || found.email) {
      event.currentTarget
        .querySelector<HTMLElement>(`[name="${found.orderNumber ? 'orderNumber' : 'email'}"]`)
        ?.focus();
      return;
    }
    const sample = trackSampleOrder(orderNumber, email);
    if (sample.kind === 'found') return setResult(sample);
    setLooking(true);
    // Loaded on the first lookup: the page's first load carries no valibot for it.
    void import('./find-order.ts')
      .then(({ findOrder }) => findOrder(orderNumber, email))
      .then(setResult, async (error: unknown) => {
        const { shopperMessage } = await import('../../lib/api-fetch.ts');
        setErrors({ orderNumber: shopperMessage(error, 'We could not look up your order. Please try again.') });
      })
      .finally(() => setLooking(false));
  };

  // With JavaScript the Cancel is sent from here and its outcome shown in place.
  const cancel = () => {
    if (result?.kind !== 'found' || cancelling) return;
    setCancelling(true);
    setCancelNote(null);
    void import('./cancel-order.ts')
      .then(({ cancelOrder }) => cancelOrder(result.order.number, email))
      .then(
        (outcome) => {
          if (outcome.kind === 'not-found') return setResult({ kind: 'not-found' });
          if (outcome.order) setResult({ kind: 'found', order: outcome.order });
          setCancelNote(
            outcome.kind === 'cancelled' ? { kind: 'cancelled' } : { kind: 'refused', message: outcome.message },
          );
        },
        async (error: unknown) => {
          const { shopperMessage } = await import('../../lib/api-fetch.ts');
          setCancelNote({
            kind: 'refused',
            message: shopperMessage(error, 'We could not cancel your order. Please try again.'),
          });
        },
      )
      .finally(() => setCancelling(false));
  };

  const tryAgain = () => {
    setResult(null);
    setCancelNote(null);
    setOrderNumber('');
    setEmail('');
    setErrors({});
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[name="orderNumber"]')?.focus());
  };

  return (
    <>
      <PageHero title="Track Your Order" eyebrow="Where are my undies?" mascot="raptor">
        Enter your order number and the email you ordered with to see where your package is roaming.
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {result === null ? (
          <TrackForm
            formRef={formRef}
            orderNumber={orderNumber}
            email={email}
            errors={errors}
            looking={looking}
            onOrderNumber={setOrderNumber}
            onEmail={setEmail}
            onSubmit={onSubmit}
          />
        ) : result.kind === 'found' ? (
          <OrderDetails
            order={result.order}
            lookup={{ orderNumber, email }}
            cancelNote={cancelNote}
            cancelling={cancelling}
            onCancel={cancel}
            onTryAgain={tryAgain}
          />
        ) : (
          <OrderNotFound onTryAgain={tryAgain} />
        )}
      </div>
    </>
  );
}
