import { useData } from 'vike-react/useData';
import { renderCardAction } from '../../features/cart/card-action.tsx';
import { ReturnIcon, SparkleIcon, TruckIcon } from '../../components/icons.tsx';
import { MascotPeek } from '../../components/mascot-peek.tsx';
import { SizeChart } from '../../components/size-chart.tsx';
import { btn, container } from '../../components/ui.ts';
import { CatalogueProductCard } from '../../features/catalogue/catalogue-product-card.tsx';
import { CategoryGrid } from '../../features/catalogue/category-grid.tsx';
import { Testimonials } from '../../features/catalogue/testimonials.tsx';
import { SignupSection } from '../../features/signup/signup-section.tsx';
import type { Data } from './+data.ts';
import { HeroSlider } from './hero-slider.tsx';
import { SHOP_PATH, categoryPath } from '../../../contracts/shop-paths.ts';
import { SHIPPING_OFFER } from '../../../contracts/shipping-offer.ts';

export default function HomePage() {
  const data = useData<Data>();
  return (
    <>
      <h1 className="sr-only">DinoBooty: sexy underwear for cartoon dinosaurs</h1>
      <HeroSlider />
      <Perks />

      <section aria-labelledby="species-heading" className={`${container} py-16`}>
        <SectionHeading
          id="species-heading"
          title="Shop by Species"
          subtitle="Every body is a dino body. Find the cut made for yours."
        />
        <CategoryGrid categories={data.categories} />
      </section>

      <Bestsellers products={data.bestsellers} />
      <RaptorPromo />
      <SizeGuideSection />

      <section aria-labelledby="testimonials-heading" className="bg-sand/60 py-16">
        <div className={container}>
          <SectionHeading
            id="testimonials-heading"
            title="Happy Dinosaur Booties"
            subtitle="Real reviews from real(ly extinct) customers."
          />
          <Testimonials testimonials={data.testimonials} />
        </div>
      </section>

      <SignupSection />
    </>
  );
}

function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mb-8 text-center sm:mb-10">
      <h2 id={id} className="font-display text-3xl font-black tracking-tight text-ink-900 sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mx-auto mt-3 max-w-2xl text-ink-600">{subtitle}</p>}
    </div>
  );
}

function Perks() {
  const perks = [
    { icon: TruckIcon, title: SHIPPING_OFFER.freeOver, text: SHIPPING_OFFER.orAnytimeWithCode },
    { icon: ReturnIcon, title: '30-day returns', text: 'Unworn, tags on, no questions roared' },
    { icon: SparkleIcon, title: 'Tail-friendly fits', text: 'Sizes from Compy to T-Rex' },
  ];
  return (
    <div className="border-y border-ink-200 bg-white">
      <ul className={`${container} grid gap-4 py-5 sm:grid-cols-3`}>
        {perks.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex items-center gap-3">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-100 text-brand-800">
              <Icon className="size-6" />
            </span>
            <span>
              <span className="block text-sm font-bold text-ink-900">{title}</span>
              <span className="block text-sm text-ink-600">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Bestsellers({ products }: { products: Data['bestsellers'] }) {
  return (
    <section id="shop-now" aria-labelledby="bestsellers-heading" className="scroll-mt-20 bg-white py-16">
      <div className={container}>
        <div className="mb-8 flex flex-col items-center gap-4 text-center sm:mb-10 md:flex-row md:items-end md:justify-between md:text-left">
          <div>
            <h2
              id="bestsellers-heading"
              className="font-display text-3xl font-black tracking-tight text-ink-900 sm:text-4xl"
            >
              Bestselling Booty Boosters
            </h2>
            <p className="mt-3 max-w-2xl text-ink-600">Our most popular items that make dinosaurs feel their sexiest</p>
          </div>
          <a href={SHOP_PATH} className={btn.secondary}>
            View All Products
          </a>
        </div>
        <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
          {products.map((product) => (
            <li key={product.id}>
              <CatalogueProductCard product={product} renderAction={renderCardAction} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function RaptorPromo() {
  return (
    <section id="collections" aria-labelledby="raptor-heading" className="scroll-mt-20 py-16">
      <div className={container}>
        <div
          className="relative grid items-center gap-8 overflow-hidden rounded-[2rem] bg-ink-900 px-8 pt-8 text-white sm:px-12 sm:pt-12 md:grid-cols-2"
          data-focus-dark
        >
          <div
            className="absolute -right-24 -top-24 size-72 rounded-full bg-accent-600/40 blur-3xl"
            aria-hidden="true"
          />
          <div
            className="absolute -bottom-24 -left-16 size-72 rounded-full bg-brand-600/40 blur-3xl"
            aria-hidden="true"
          />
          <div className="relative md:pb-12">
            <p className="text-sm font-bold uppercase tracking-widest text-accent-300">Limited collection</p>
            <h2 id="raptor-heading" className="mt-3 font-display text-3xl font-black leading-tight sm:text-5xl">
              The Voluptuous Velociraptor Collection
            </h2>
            <p className="mt-4 max-w-md text-lg leading-8 text-ink-200">
              Sleek lace, sickle-claw-proof seams and a cut that says “clever girl”. Hunt in packs, shop in pairs.
            </p>
            <a href={categoryPath('raptor')} className={`${btn.accent} mt-8`}>
              Shop Collection
            </a>
          </div>
          <MascotPeek mascot="raptor" size="xl" loading="lazy" className="mx-auto self-end" />
        </div>
      </div>
    </section>
  );
}

function SizeGuideSection() {
  return (
    <section id="size-guide" aria-labelledby="size-guide-heading" className="scroll-mt-20 bg-brand-50 py-16">
      <div className={`${container} grid items-center gap-10 lg:grid-cols-2`}>
        <div>
          <h2
            id="size-guide-heading"
            className="font-display text-3xl font-black tracking-tight text-ink-900 sm:text-4xl"
          >
            Find Your Perfect Fit
          </h2>
          <p className="mt-4 text-lg leading-8 text-ink-700">
            From a dainty Compy to a full-grown T-Rex, our sizes are measured at the waist, the hip and (most
            importantly) the tail. Measure your tail at its widest point, just below the hips.
          </p>
          <p className="mt-4 text-ink-700">
            Between sizes or sporting an unusually magnificent tail? Our fit experts are happy to help.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="/contact" className={btn.primary}>
              Contact Us
            </a>
            <a href="/size-guide" className={btn.secondary}>
              Full Size Guide
            </a>
          </div>
        </div>
        <SizeChart />
      </div>
    </section>
  );
}
