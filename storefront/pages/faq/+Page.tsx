import { DisclosureList } from '../../components/disclosure-list.tsx';
import { InfoPage } from '../../components/info-page.tsx';
import { btn } from '../../components/ui.ts';
import { FAQ_ITEMS } from './faq-items.ts';

export default function FaqPage() {
  return (
    <InfoPage
      title="Frequently Asked Questions"
      eyebrow="FAQ"
      mascot="stego"
      intro="Everything you ever wanted to know about dressing a dinosaur, and a few things you didn't."
    >
      <DisclosureList
        headingLevel={2}
        items={FAQ_ITEMS.map((item) => ({ title: item.question, content: <p>{item.answer}</p> }))}
      />
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
