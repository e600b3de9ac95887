import { NOTHING_SHIPS } from '../../../contracts/order-history.ts';
import { focusOnMount } from '../../lib/focus-on-mount.ts';

/** A Cancel's outcome, shown above the order: done, or refused in the shop's words. */
export type CancelNote = { kind: 'cancelled' } | { kind: 'refused'; message: string };

const NOTE = 'mt-6 rounded-2xl px-4 py-3 text-sm font-semibold ring-1 focus:outline-none';

/** The shop's refusals are written as messages (no full stop, as the API and the CLI say them); a note is a sentence. */
const asSentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);

/** What became of a Cancel; focus moves to it, as the button pressed is gone (or did nothing). */
export function CancelNoteText({ note }: { note: CancelNote }) {
  return note.kind === 'cancelled' ? (
    <p
      ref={focusOnMount}
      tabIndex={-1}
      className={`${NOTE} bg-ink-50 text-ink-800 ring-ink-200`}
      data-testid="cancel-note"
    >
      Your order has been cancelled. {NOTHING_SHIPS}
    </p>
  ) : (
    <p
      ref={focusOnMount}
      tabIndex={-1}
      className={`${NOTE} bg-accent-50 text-accent-700 ring-accent-200`}
      data-testid="cancel-note"
    >
      {asSentence(note.message)}
    </p>
  );
}
