import type { Size } from '../contracts/catalogue.ts';
import type { SeedCatalogue, SeedCategory, SeedProduct, SeedTestimonial, SeedVariant } from './catalogue.types.ts';

/**
 * The catalogue the shop ships. Ids are stable (carts and events reference them): never renumber,
 * only append. Newer products get larger ids. Variant ids follow `productId * 100 + index`.
 * Every imageUrl points at a file under public/ drawn by seed/illustrations (npx tsx seed/illustrations/write.ts).
 */

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

interface Colour {
  name: string;
  hex: string;
}

const C = {
  jade: { name: 'Jurassic Jade', hex: '#2f9e6e' },
  lava: { name: 'Lava Red', hex: '#d64545' },
  cream: { name: 'Fossil Cream', hex: '#efe3c8' },
  meteor: { name: 'Midnight Meteor', hex: '#1f2a44' },
  pink: { name: 'Pterodactyl Pink', hex: '#f28cb1' },
  amber: { name: 'Amber Resin', hex: '#f0a202' },
  volcano: { name: 'Volcano Orange', hex: '#f26b38' },
  tar: { name: 'Tar Pit Black', hex: '#2b2a29' },
  purple: { name: 'Primordial Purple', hex: '#7b4bb7' },
  lagoon: { name: 'Lagoon Blue', hex: '#2b8fd6' },
  fern: { name: 'Fern Green', hex: '#7bb661' },
  comet: { name: 'Comet Silver', hex: '#b8c0cc' },
  coral: { name: 'Sunset Coral', hex: '#ff7f6b' },
  gold: { name: 'Meteorite Gold', hex: '#d4a017' },
  leopard: { name: 'Raptor Print', hex: '#c8874a' },
} as const satisfies Record<string, Colour>;

// ---------------------------------------------------------------------------------------------
// Variants: the size × colour grid with stable ids and a deterministic stock rule
// ---------------------------------------------------------------------------------------------

const ALL_SIZES: readonly Size[] = ['XS', 'S', 'M', 'L', 'XL'];

/**
 * Builds every colour × size combination (colour-major, so the first colour comes first), with
 * id `productId * 100 + index` and a stock level from a fixed formula (no randomness):
 *  - the first variant always has at least 5 in stock (a product card adds the first variant);
 *  - one variant per product is nearly sold out (1..4), so the "Only n left" warning shows;
 *  - a few variants are sold out (0).
 */
export function buildVariants(
  productId: number,
  colours: readonly Colour[],
  sizes: readonly Size[] = ALL_SIZES,
): SeedVariant[] {
  const variants: SeedVariant[] = [];
  const count = colours.length * sizes.length;
  const lowIndex = 1 + (productId % (count - 1)); // never 0
  // Stock walks round 0..43 by a step per product. A step of 0 would give every variant one stock
  // (product 1, the first bestseller: 43, so sold out below in all but the two variants set apart),
  // and a step of 1 a run that sells out a whole colour (product 14's last): such a step gets 13 more.
  const naturalStep = (71 + productId * 17) % 44;
  const step = naturalStep <= 1 ? naturalStep + 13 : naturalStep;
  let index = 0;
  for (const colour of colours) {
    for (const size of sizes) {
      let stock = (productId * 131 + index * step) % 44; // 0..43
      if (stock > 40) stock = 0; // roughly 1 in 15 sold out
      if (index === 0) stock = Math.max(stock, 5 + (productId % 7) * 4);
      else if (index === lowIndex) stock = 1 + (productId % 4);
      else if (stock >= 1 && stock <= 4) stock += 5; // keep "nearly sold out" rare
      variants.push({ id: productId * 100 + index, size, color: colour.name, colorHex: colour.hex, stock });
      index += 1;
    }
  }
  return variants;
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

export const SPECIES_SLUGS = ['t-rex', 'raptor', 'stegosaurus', 'triceratops', 'brontosaurus', 'pterodactyl'] as const;
export type SpeciesSlug = (typeof SPECIES_SLUGS)[number];

const category = (slug: string, name: string, description: string): SeedCategory => ({
  slug,
  name,
  description,
  imageUrl: `/images/categories/${slug}.svg`,
});

const categories: SeedCategory[] = [
  category(
    't-rex',
    'T-Rex',
    'Big roar, bigger confidence, arms that still cannot reach the waistband: undies for the apex predator of the bedroom.',
  ),
  category(
    'raptor',
    'Raptor',
    'Sleek, speedy and dangerously cheeky lingerie for clever girls who hunt in packs and shop in pairs.',
  ),
  category(
    'stegosaurus',
    'Stegosaurus',
    'Roomy rear-ends and plate-friendly cuts, because a brain the size of a walnut still deserves a comfy tush.',
  ),
  category(
    'triceratops',
    'Triceratops',
    'Three horns, one frill and zero chill: bold briefs for herbivores who charge straight at what they want.',
  ),
  category(
    'brontosaurus',
    'Brontosaurus',
    'Extra-long, extra-strong, extra-stretchy smalls for the gentle giants whose tails arrive five minutes after they do.',
  ),
  category(
    'pterodactyl',
    'Pterodactyl',
    'Lightweight, breezy underthings for fliers who like a little lift and a lot of wingspan.',
  ),
  category(
    'new-arrivals',
    'New Arrivals',
    'Freshly hatched styles, still warm from the egg and ready to strut across the Cretaceous.',
  ),
  category(
    'bestsellers',
    'Bestsellers',
    'The pairs every herd is roaring about: tried, tested and tail-wag approved by thousands of happy dinosaurs.',
  ),
];

// ---------------------------------------------------------------------------------------------
// Products (append only: ids are stable)
// ---------------------------------------------------------------------------------------------

interface ProductSpec {
  id: number;
  name: string;
  species: SpeciesSlug;
  description: string;
  priceCents: number;
  collection?: string;
  bestSeller?: boolean;
  featured?: boolean;
  colours: readonly Colour[];
  sizes?: readonly Size[];
}

const RAPTOR_COLLECTION = 'The Voluptuous Velociraptor Collection';
const LACE = 'Jurassic Lace';
const COMFORT = 'Cretaceous Comfort';
const MISCHIEF = 'Mesozoic Mischief';

const productSpecs: ProductSpec[] = [
  {
    id: 1,
    name: 'T-Rex Tiny Arms Thong',
    species: 't-rex',
    description:
      'Designed for the apex predator who never has to reach behind. A barely-there thong with a roar-sized attitude and a waistband your tiny arms can actually find. Extinction-level confidence included.',
    priceCents: 2499,
    collection: MISCHIEF,
    bestSeller: true,
    featured: true,
    colours: [C.lava, C.meteor, C.pink, C.gold],
  },
  {
    id: 2,
    name: 'Stego Plate-Mate Briefs',
    species: 'stegosaurus',
    description:
      'Full-coverage briefs cut low in the back so your plates can breathe. Soft, stretchy and armoured against wedgies. Your thagomizer has never felt so supported.',
    priceCents: 2199,
    collection: COMFORT,
    bestSeller: true,
    colours: [C.amber, C.jade, C.cream],
  },
  {
    id: 3,
    name: 'Tri-Horned Triple Threat Boxers',
    species: 'triceratops',
    description:
      'Three horns, three colours, zero regrets. Roomy boxers with a reinforced seam for charging across the plains or just charging your phone in bed.',
    priceCents: 2799,
    collection: COMFORT,
    bestSeller: true,
    featured: true,
    colours: [C.volcano, C.lagoon, C.fern, C.meteor],
  },
  {
    id: 4,
    name: 'Voluptuous Velociraptor Lace Bralette',
    species: 'raptor',
    description:
      'Delicate lace, sickle-claw-resistant straps and a silhouette that says "clever girl". Pairs perfectly with a moonlit hunt or a lazy Sunday in the nest.',
    priceCents: 3499,
    collection: RAPTOR_COLLECTION,
    bestSeller: true,
    featured: true,
    colours: [C.purple, C.pink, C.tar, C.lava, C.cream],
  },
  {
    id: 5,
    name: 'Raptor Rump Hugger Briefs',
    species: 'raptor',
    description:
      'A cheeky cut that hugs every feathered curve. Built for speed, tested at 40 miles an hour, and still not a single wedgie in the pack.',
    priceCents: 1999,
    collection: RAPTOR_COLLECTION,
    colours: [C.lagoon, C.leopard, C.pink],
  },
  {
    id: 6,
    name: 'T-Rex Roar-Worthy Boxer Briefs',
    species: 't-rex',
    description:
      'Boxer briefs with a thigh-hugging fit for legs that do all the work. The tail-friendly back seam means no more awkward tugging at the watering hole.',
    priceCents: 2599,
    collection: COMFORT,
    colours: [C.lagoon, C.tar, C.comet],
  },
  {
    id: 7,
    name: 'Stego Spiky Spooning Boxers',
    species: 'stegosaurus',
    description:
      'Roomy boxers covered in little hearts for the big softie under all that armour. Perfect for spooning, as long as nobody ends up on the pointy end.',
    priceCents: 2899,
    collection: MISCHIEF,
    colours: [C.lava, C.cream, C.purple, C.jade],
  },
  {
    id: 8,
    name: 'Triceratops Frill Seeker Lace Panties',
    species: 'triceratops',
    description:
      'A little lace, a lot of frill. Scalloped trim that matches your neck shield, for the herbivore who likes to flirt with danger.',
    priceCents: 2399,
    collection: LACE,
    featured: true,
    colours: [C.pink, C.cream, C.purple],
  },
  {
    id: 9,
    name: 'Brontosaurus Long Neck Lounge Boxers',
    species: 'brontosaurus',
    description:
      'Extra-stretch lounge boxers for gentle giants who like to graze in comfort. Tested on 30-tonne sauropods and still springing back into shape.',
    priceCents: 3299,
    collection: COMFORT,
    bestSeller: true,
    colours: [C.jade, C.amber, C.lagoon, C.comet],
  },
  {
    id: 10,
    name: 'Pterodactyl Wingspan Bikini Briefs',
    species: 'pterodactyl',
    description:
      'Feather-light bikini briefs with zero drag, engineered for fliers. Aerodynamic, breezy and guaranteed to turn heads from 3,000 feet up.',
    priceCents: 2299,
    collection: LACE,
    colours: [C.lagoon, C.coral, C.cream],
    sizes: ['XS', 'S', 'M', 'L'],
  },
  {
    id: 11,
    name: 'Velociraptor Claw-some Cheeky Shorts',
    species: 'raptor',
    description:
      'Cheeky shorts with a spotted print that says "I could catch you, but I am busy looking fabulous". The claw-proof hem survives every ambush.',
    priceCents: 2699,
    collection: RAPTOR_COLLECTION,
    bestSeller: true,
    colours: [C.volcano, C.meteor, C.fern],
  },
  {
    id: 12,
    name: 'T-Rex Big Bite Lace Bralette',
    species: 't-rex',
    description:
      'A lace bralette that fastens at the front, so tiny arms are no obstacle. Soft cups, big confidence, and a pretty bow for the queen of the Cretaceous.',
    priceCents: 3199,
    collection: LACE,
    colours: [C.pink, C.lava, C.cream, C.meteor, C.purple],
  },
  {
    id: 13,
    name: 'Stego Tail-Spike Thong',
    species: 'stegosaurus',
    description:
      'A daring thong for the spiky-tailed and thick-skinned. Minimal fabric, maximum plate display, and absolutely no regrets after the meteor.',
    priceCents: 1899,
    collection: MISCHIEF,
    colours: [C.pink, C.lagoon, C.tar],
    sizes: ['S', 'M', 'L', 'XL'],
  },
  {
    id: 14,
    name: 'Brontosaurus Bottom-Heavy Briefs',
    species: 'brontosaurus',
    description:
      'Generously cut briefs for generously built sauropods. Double-stitched seams hold up to a whole day of thunder-thigh stomping.',
    priceCents: 2499,
    colours: [C.lava, C.fern, C.cream],
  },
  {
    id: 15,
    name: 'Pterodactyl Soaring Satin Boxers',
    species: 'pterodactyl',
    description:
      'Silky satin boxers that catch the thermals just right. Smooth as a glide over the Jurassic sea, with a bow for landing in style.',
    priceCents: 2999,
    collection: LACE,
    colours: [C.purple, C.gold, C.meteor, C.pink],
  },
  {
    id: 16,
    name: 'Raptor Sneaky Silk Boxers',
    species: 'raptor',
    description:
      'Silky boxers so quiet your prey will never hear you coming. Smooth, soft and dangerously comfortable on a midnight stalk to the fridge.',
    priceCents: 3799,
    featured: true,
    colours: [C.meteor, C.lava, C.comet],
  },
  {
    id: 17,
    name: 'T-Rex Extinction-Level Trunks',
    species: 't-rex',
    description:
      'Trunks so good they should come with an asteroid warning. A snug fit for mighty thighs, with a starry print for a night of roaring.',
    priceCents: 2799,
    collection: MISCHIEF,
    colours: [C.purple, C.jade, C.tar],
  },
  {
    id: 18,
    name: 'Triceratops Three-Horn Hipster Briefs',
    species: 'triceratops',
    description:
      'Low-rise hipster briefs for the trendiest herbivore in the herd. Stripes across the rump, comfort across the board, and room for a well-fed belly.',
    priceCents: 2199,
    collection: COMFORT,
    colours: [C.jade, C.lava, C.comet],
  },
  {
    id: 19,
    name: 'Pterodactyl Sky-High Lace Bralette',
    species: 'pterodactyl',
    description:
      'A lace bralette light enough for long-haul flights. Adjustable straps sit comfortably between the wings, and the scalloped trim is wind-tunnel tested.',
    priceCents: 3699,
    collection: LACE,
    colours: [C.coral, C.cream, C.lagoon, C.tar],
    sizes: ['XS', 'S', 'M', 'L'],
  },
  {
    id: 20,
    name: 'Brontosaurus Big Booty Boy Shorts',
    species: 'brontosaurus',
    description:
      'Boy shorts with a heart print and a very long list of satisfied customers, most of them very long too. Made for the biggest booty in the valley.',
    priceCents: 2599,
    collection: MISCHIEF,
    featured: true,
    colours: [C.pink, C.jade, C.amber, C.meteor],
  },
];

/** How many of the newest products (highest ids) are listed under new-arrivals. */
export const NEW_ARRIVALS_COUNT = 6;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const newestIds = new Set(
  [...productSpecs]
    .map((p) => p.id)
    .sort((a, b) => b - a)
    .slice(0, NEW_ARRIVALS_COUNT),
);

const products: SeedProduct[] = productSpecs.map((spec) => {
  const slug = slugify(spec.name);
  const bestSeller = spec.bestSeller ?? false;
  const product: SeedProduct = {
    id: spec.id,
    slug,
    name: spec.name,
    description: spec.description,
    priceCents: spec.priceCents,
    imageUrl: `/images/products/${slug}.svg`,
    bestSeller,
    featured: spec.featured ?? false,
    categories: [
      spec.species,
      ...(newestIds.has(spec.id) ? ['new-arrivals'] : []),
      ...(bestSeller ? ['bestsellers'] : []),
    ],
    variants: buildVariants(spec.id, spec.colours, spec.sizes),
  };
  if (spec.collection !== undefined) product.collection = spec.collection;
  return product;
});

// ---------------------------------------------------------------------------------------------
// Testimonials
// ---------------------------------------------------------------------------------------------

const testimonial = (name: string, species: string, age: number, rating: number, comment: string): SeedTestimonial => ({
  name,
  species,
  age,
  rating,
  comment,
  imageUrl: `/images/testimonials/${slugify(name)}.svg`,
});

const testimonials: SeedTestimonial[] = [
  testimonial(
    'Rexy McRoarface',
    'Tyrannosaurus Rex',
    32,
    5,
    'Finally, underwear I can put on without asking the herd for help! The Tiny Arms Thong made me feel like the apex predator I was born to be.',
  ),
  testimonial(
    'Stella Plates',
    'Stegosaurus',
    41,
    4.5,
    'My plates have never looked this good from behind. Half a star off only because my walnut-sized brain forgot which way round they go.',
  ),
  testimonial(
    'Trixie Three-Horns',
    'Triceratops',
    27,
    4,
    'The Triple Threat Boxers survived three charges, two mud baths and one very awkward date with a T-Rex. Frill-ing fantastic.',
  ),
  testimonial(
    'Vinnie Velocity',
    'Velociraptor',
    24,
    3.5,
    'Fits like a glove, if gloves came with tail holes. Docked a star and a half because my sickle claw keeps snagging the lace. Clever girl bought three anyway.',
  ),
  testimonial(
    'Bronte Longfellow',
    'Brontosaurus',
    56,
    5,
    'By the time the compliments reach my head, my tail is already blushing. The Lounge Boxers stretch further than my neck does.',
  ),
  testimonial(
    'Petra Dactyl',
    'Pterodactyl',
    35,
    4.5,
    'Light, breezy and zero drag at cruising altitude. The other fliers keep asking where I got my bikini briefs. I tell them: DinoBooty, darling.',
  ),
];

export const catalogue: SeedCatalogue = { categories, products, testimonials };
