import { ChevronDownIcon } from '../../components/icons.tsx';
import { InfoPage } from '../../components/info-page.tsx';
import { btn } from '../../components/ui.ts';
import { FAQ_ITEMS } from './faq-items.ts';

export default function FaqPage() {
  return (
    <InfoPage title="Frequently Asked Questions" eyebrow="FAQ" mascot="stego" intro="Everything you ever wanted to know about dressing a dinosaur, and a few things you didn't.">
      {/* Native <details>: each answer opens with or without JavaScript, and the browser says expanded or collapsed. */}
      <div className="divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
        {FAQ_ITEMS.map((item) => (
          <details key={item.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left hover:bg-brand-50/60 [&::-webkit-details-marker]:hidden">
              <h2 className="text-base font-bold text-ink-900">{item.question}</h2>
              <ChevronDownIcon className="size-5 shrink-0 text-ink-600 transition-transform group-open:rotate-180" />
            </summary>
            <div className="px-5 pb-5 text-sm leading-6 text-ink-700">
              <p>{item.answer}</p>
            </div>
          </details>
        ))}
      </div>
      <div className="mt-10 rounded-3xl bg-brand-50 p-6 text-center ring-1 ring-brand-200">
        <p className="font-display text-xl font-extrabold text-ink-900">Still have questions?</p>
        <p className="mt-1 text-ink-700">Our fit experts reply within 48 hours.</p>
        <a href="/contact" className={`${btn.primary} mt-4`}>
          Contact Us
        </a>
      </div>
    </InfoPage>
  );
}
