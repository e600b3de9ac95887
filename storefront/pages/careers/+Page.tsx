import { InfoPage } from '../../components/info-page.tsx';
import { btn } from '../../components/ui.ts';

const POSITIONS = [
  {
    title: 'Senior Lingerie Designer',
    team: 'Design',
    location: 'Remote (US)',
    type: 'Full-time',
    description: 'Sketch the next generation of lace for species with feathers, frills and forty-foot tails.',
  },
  {
    title: 'Tail Fit Engineer',
    team: 'Product',
    location: 'Bedrock, CA',
    type: 'Full-time',
    description:
      'Own our tail-hole geometry, from Compy to T-Rex. Experience with stretch fabrics and very long measuring tapes required.',
  },
  {
    title: 'Customer Care Specialist',
    team: 'Customer Care',
    location: 'Remote (EST hours)',
    type: 'Full-time',
    description: 'Help dinosaurs find their perfect fit, Monday to Friday, 9am-5pm EST. Pun fluency is a plus.',
  },
  {
    title: 'Social Media Manager',
    team: 'Marketing',
    location: 'Remote',
    type: 'Part-time',
    description: 'Run our feeds, wrangle our mascots and make "extinct" trend again.',
  },
];

export default function CareersPage() {
  return (
    <InfoPage
      title="Careers"
      eyebrow="Join the herd"
      mascot="trex"
      wide
      intro="We're a small, silly, hard-working team making the world's cheekiest dinosaur underwear. Come roar with us."
    >
      <h2 className="font-display text-2xl font-black text-ink-900">Open positions</h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {POSITIONS.map((job) => (
          <li key={job.title} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
            <p className="text-xs font-bold uppercase tracking-widest text-brand-700">{job.team}</p>
            <h3 className="mt-2 font-display text-xl font-extrabold text-ink-900">{job.title}</h3>
            <p className="mt-1 text-sm text-ink-600">
              {job.location} · {job.type}
            </p>
            <p className="mt-3 flex-1 text-ink-700">{job.description}</p>
            <button type="button" className={`${btn.primary} mt-5 self-start`} aria-label={`Apply for ${job.title}`}>
              Apply
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-ink-700">
        Don't see your role? Tell us how you'd make dinosaurs feel sexier through our{' '}
        <a href="/contact" className="font-semibold text-brand-800 underline underline-offset-2">
          contact page
        </a>
        .
      </p>
    </InfoPage>
  );
}
