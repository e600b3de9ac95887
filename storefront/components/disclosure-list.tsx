import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import { ChevronDownIcon } from './icons.tsx';

export interface DisclosureItem {
  title: string;
  content: ReactNode;
}

/** Collapsible sections (Headless UI Disclosure: button with aria-expanded, keyboard operable). */
export function DisclosureList({ items, headingLevel = 3 }: { items: DisclosureItem[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
      {items.map((item) => (
        <Disclosure key={item.title} as="div">
          <Heading>
            <DisclosureButton className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-bold text-ink-900 hover:bg-brand-50/60">
              <span>{item.title}</span>
              <ChevronDownIcon className="size-5 shrink-0 text-ink-600 transition-transform group-data-open:rotate-180" />
            </DisclosureButton>
          </Heading>
          <DisclosurePanel className="px-5 pb-5 text-sm leading-6 text-ink-700">{item.content}</DisclosurePanel>
        </Disclosure>
      ))}
    </div>
  );
}
