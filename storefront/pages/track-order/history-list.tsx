import { formatHappenedAt, historyLabel } from '../../../contracts/order-history.ts';
import type { TrackedOrder } from '../../../contracts/order-tracking.ts';

/** The order's events, oldest first, in words, with when each happened and what the shopper is told of it. */
export function History({ events }: { events: NonNullable<TrackedOrder['history']> }) {
  return (
    <>
      <h3 className="mt-8 text-sm font-bold uppercase tracking-wide text-ink-900">History</h3>
      <ol className="mt-3 space-y-3 border-l-2 border-ink-200 pl-5" data-testid="order-history">
        {events.map((event, index) => {
          const { note } = event;
          return (
            <li
              key={`${event.type}-${event.at}-${index}`}
              className="relative flex flex-wrap items-baseline gap-x-3 text-sm"
            >
              <span
                aria-hidden="true"
                className="absolute top-1 -left-[27px] size-3 rounded-full bg-brand-600 ring-4 ring-white"
              />
              <span className="font-semibold text-ink-900">{historyLabel(event.type)}</span>
              <time dateTime={event.at} className="text-ink-600">
                {formatHappenedAt(event.at)}
              </time>
              {note && <span className="basis-full text-ink-700">{note}</span>}
            </li>
          );
        })}
      </ol>
    </>
  );
}
