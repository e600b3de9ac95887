import { focusOnMount } from '../../lib/focus-on-mount.ts';

/** A Cancel's outcome, shown above the order: done, or refused in the shop's words. */
export type CancelNote = { kind: 'cancelled' } | { kind: 'refused'; message: string };

const NOTE = 'mt-6 rounded-2xl px-4 py-3 text-sm font-semibold ring-1 focus:outline-none';

/** What became of a Cancel; focus moves to it, as the button pressed is gone (or did nothing). */
export function CancelNoteText({ note }: { note: CancelNote }) {
  return note.kind === 'cancelled' ? (
    <p
      ref={focusOnMount}
      tabIndex={-1}
      className={`${NOTE} bg-ink-50 text-ink-800 ring-ink-200`}
      data-testid="cancel-note"
    >
      Your order has been cancelled: nothing will ship.
    </p>
  ) : (
    <p
      ref={focusOnMount}
      tabIndex={-1}
      className={`${NOTE} bg-accent-50 text-accent-700 ring-accent-200`}
      data-testid="cancel-note"
    >
      {note.message}
    </p>
  );
}
