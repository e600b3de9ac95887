import { useAtomValue } from 'jotai/react';
import { CONNECTION_MESSAGES } from '../../../contracts/shop-messages.ts';
import { writesWaitingAtom } from '../../lib/ui-state.ts';

/**
 * While a shopper's change is being resent because the shop did not answer (a dropped network, a
 * restart), a note says so: the button they pressed is not ignored, it is waiting.
 */
export function ReconnectingNotice() {
  const waiting = useAtomValue(writesWaitingAtom);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {waiting > 0 && (
        <p className="pointer-events-auto flex max-w-md items-start gap-3 rounded-2xl bg-ink-900 px-4 py-3 text-sm text-white shadow-lg">
          <span aria-hidden="true" className="mt-1 size-2.5 shrink-0 animate-pulse rounded-full bg-accent-500" />
          <span>
            <strong className="block font-bold">{CONNECTION_MESSAGES.reconnecting}</strong>
            {CONNECTION_MESSAGES.reconnectingDescription}
          </span>
        </p>
      )}
    </div>
  );
}
