import { SIZE_LABELS } from '../../../contracts/sizes.ts';
import { InfoPage } from '../../components/info-page.tsx';
import { btn } from '../../components/ui.ts';

const MODELS = [
  {
    name: 'Rexy',
    species: 'Tyrannosaurus rex',
    image: '/images/mascots/trex.svg',
    size: SIZE_LABELS.XL,
    bio: 'Apex predator, part-time poet. Rexy insists on waistbands he can reach and thongs that show off his best side (all of them).',
    favourite: 'T-Rex Tiny Arms Thong',
  },
  {
    name: 'Stella',
    species: 'Stegosaurus',
    image: '/images/mascots/stego.svg',
    size: SIZE_LABELS.L,
    bio: 'Walnut-sized brain, galaxy-sized confidence. Stella tests every design for plate clearance and spooning comfort.',
    favourite: 'Stego Plate-Mate Briefs',
  },
  {
    name: 'Vinnie',
    species: 'Velociraptor',
    image: '/images/mascots/raptor.svg',
    size: SIZE_LABELS.S,
    bio: 'Fast, clever and dangerously cheeky. Vinnie made our lace sickle-claw-proof after one too many snags.',
    favourite: 'Voluptuous Velociraptor Lace Bralette',
  },
];

export default function DinosaurModelsPage() {
  return (
    <InfoPage
      title="Our Dinosaur Models"
      eyebrow="Meet the herd"
      mascot="raptor"
      wide
      intro="Every DinoBooty design is fitted on real (cartoon) dinosaurs. Meet the models who make our underwear look extinct-ionally good."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {MODELS.map((model) => (
          <li
            key={model.name}
            className="flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-ink-200"
          >
            <div className="bg-gradient-to-br from-brand-100 via-cream to-accent-100 px-6 pt-6">
              <img
                src={model.image}
                alt={`${model.name} the ${model.species}`}
                width={220}
                height={220}
                className="mx-auto block size-44"
              />
            </div>
            <div className="flex flex-1 flex-col p-6">
              <h2 className="font-display text-2xl font-black text-ink-900">{model.name}</h2>
              <p className="text-sm font-semibold text-brand-700">{model.species}</p>
              <p className="mt-3 flex-1 text-ink-700">{model.bio}</p>
              <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-ink-600">Wears size</dt>
                  <dd className="font-bold text-ink-900">{model.size}</dd>
                </div>
                <div>
                  <dt className="text-ink-600">Favourite</dt>
                  <dd className="font-bold text-ink-900">{model.favourite}</dd>
                </div>
              </dl>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-12 text-center">
        <a href="/size-guide" className={btn.primary}>
          Find your size
        </a>
      </div>
    </InfoPage>
  );
}
