import type { ReactNode } from 'react';
import { ChevronDownIcon } from './icons.tsx';

export interface DisclosureItem {
  title: string;
  content: ReactNode;
}

/**
 * Collapsible sections as native <details>: each opens with or without JavaScript, by pointer or by
 * Enter and Space on its summary, browsers expose the summary as a control with its expanded state, and
 * find-in-page reaches the closed text. No JavaScript is loaded for them. The price: some screen readers
 * (VoiceOver) read the heading inside a summary as the control's name, not as a heading to jump to;
 * a heading around a script-driven button would leave the text unreachable without JavaScript.
 */
export function DisclosureList({ items, headingLevel = 3 }: { items: DisclosureItem[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
      {items.map((item) => (
        <details key={item.title} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left hover:bg-brand-50/60 [&::-webkit-details-marker]:hidden">
            <Heading className="text-base font-bold text-ink-900">{item.title}</Heading>
            <ChevronDownIcon className="size-5 shrink-0 text-ink-600 transition-transform group-open:rotate-180" />
          </summary>
          <div className="px-5 pb-5 text-sm leading-6 text-ink-700">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
