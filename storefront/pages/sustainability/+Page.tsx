import { LeafIcon, ReturnIcon, TruckIcon } from '../../components/icons.tsx';
import { InfoPage } from '../../components/info-page.tsx';

const PILLARS = [
  {
    icon: LeafIcon,
    title: 'Better fabrics',
    text: 'Organic cotton, recycled lace and elastic made from recycled fibres, wherever we can.',
  },
  {
    icon: TruckIcon,
    title: 'Smarter shipping',
    text: 'Plastic-free, recyclable mailers and combined shipments to cut down on packaging.',
  },
  {
    icon: ReturnIcon,
    title: 'Made to last',
    text: 'Hand wash cold, hang dry and your undies will outlive most geological eras.',
  },
];

export default function SustainabilityPage() {
  return (
    <InfoPage
      title="Sustainability"
      eyebrow="Avoiding extinction"
      mascot="stego"
      intro="We've seen what happens to a planet when things go wrong. We'd rather not repeat it."
    >
      <ul className="grid gap-4 sm:grid-cols-3">
        {PILLARS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink-200">
            <Icon className="size-7 text-brand-700" />
            <h2 className="mt-3 font-bold text-ink-900">{title}</h2>
            <p className="mt-1 text-sm text-ink-700">{text}</p>
          </li>
        ))}
      </ul>
      <div className="prose-dino">
        <h2>Care that counts</h2>
        <p>
          Most of a garment's footprint comes after you buy it. Our care instructions are simple and planet-friendly:
          hand wash cold, do not bleach, do not iron, hang dry. No tumble dryer required, ever.
        </p>
        <h2>Returns without waste</h2>
        <p>
          Unworn items with tags can be returned within 30 days or exchanged for another size or colour. Returned items
          are inspected and restocked, never sent to landfill.
        </p>
        <h2>Always improving</h2>
        <p>
          We're a small herd and we don't get everything right yet. Have an idea? <a href="/contact">Tell us</a>.
        </p>
      </div>
    </InfoPage>
  );
}
