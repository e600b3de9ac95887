import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons.tsx';

export interface DisclosureItem {
  title: string;
  content: ReactNode;
}

/**
 * Collapsible sections: each title is a button (aria-expanded, aria-controls while open) that shows and
 * hides its panel; a native button, so Enter and Space work. The WAI-ARIA disclosure pattern that
 * Headless UI's Disclosure implements, without its ~6 KB gzip of first-load JS.
 */
export function DisclosureList({ items, headingLevel = 3 }: { items: DisclosureItem[]; headingLevel?: 2 | 3 }) {
  return (
    <div className="divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
      {items.map((item) => (
        <Disclosure key={item.title} item={item} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

function Disclosure({ item, headingLevel }: { item: DisclosureItem; headingLevel: 2 | 3 }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div data-open={open ? '' : undefined}>
      <Heading>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          data-open={open ? '' : undefined}
          onClick={() => setOpen((was) => !was)}
          className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-bold text-ink-900 hover:bg-brand-50/60"
        >
          <span>{item.title}</span>
          <ChevronDownIcon className="size-5 shrink-0 text-ink-600 transition-transform group-data-open:rotate-180" />
        </button>
      </Heading>
      {open && (
        <div id={panelId} className="px-5 pb-5 text-sm leading-6 text-ink-700">
          {item.content}
        </div>
      )}
    </div>
  );
}
