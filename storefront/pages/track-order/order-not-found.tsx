import { ORDER_NOT_FOUND } from '../../../contracts/shop-messages.ts';
import { ORDER_NUMBER_PREFIX, SAMPLE_ORDER } from '../../../contracts/order-tracking.ts';
import { focusOnMount } from '../../lib/focus-on-mount.ts';
import { MascotPeek } from '../../components/mascot-peek.tsx';
import { btn } from '../../components/ui.ts';
import { TryAgain } from './try-again.tsx';

/** No order matches: the shop's words, where to look, and the sample number to try. */
export function OrderNotFound({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    <div role="status" className="rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-ink-200">
      <MascotPeek mascot="stego" size="sm" className="mx-auto" />
      <h2
        ref={focusOnMount}
        tabIndex={-1}
        className="mt-4 font-display text-2xl font-black text-ink-900 focus:outline-none"
      >
        {ORDER_NOT_FOUND}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-ink-700">
        We couldn't find an order with those details: check the number on your confirmation (it starts with{' '}
        {ORDER_NUMBER_PREFIX}) and the email you ordered with. This is a demo shop: try the sample order number{' '}
        <strong className="font-mono text-ink-900">{SAMPLE_ORDER.number}</strong> with any email address.
      </p>
      <TryAgain onClick={onTryAgain} className={`${btn.primary} mt-6`} />
    </div>
  );
}
