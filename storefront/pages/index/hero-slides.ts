import { COLLECTIONS_PATH, SHOP_PATH, categoryPath } from '../../../contracts/shop-paths.ts';

/** The hero slider's fixed content. */
export interface HeroSlide {
  id: string;
  tag: string;
  title: string;
  accentTitle: string;
  description: string;
  imageUrl: string;
  buttonText: string;
  buttonLink: string;
  secondaryButtonText?: string;
  secondaryButtonLink?: string;
  /** Tailwind gradient classes for the slide's background. */
  bgGradient: string;
}

export const HERO_SLIDES: HeroSlide[] = [
  {
    id: 'new-season',
    tag: 'New Season Drop',
    title: 'Sexy Underwear',
    accentTitle: 'for Dinosaurs',
    description:
      'Cheeky briefs, lacy bralettes and tail-friendly boxers for every species. Because extinction is no excuse for boring undies.',
    imageUrl: '/images/products/t-rex-tiny-arms-thong.svg',
    buttonText: 'Shop Now',
    buttonLink: SHOP_PATH,
    secondaryButtonText: 'View Collections',
    secondaryButtonLink: COLLECTIONS_PATH,
    bgGradient: 'from-brand-100 via-cream to-accent-100',
  },
  {
    id: 'stegosaurus',
    tag: 'Plate-Friendly Fits',
    title: 'Spiky on Top,',
    accentTitle: 'Comfy Down Below',
    description:
      'Roomy rear-ends and plate-friendly cuts for stegosaurs who like their backs armoured and their bottoms pampered.',
    imageUrl: '/images/products/stego-plate-mate-briefs.svg',
    buttonText: 'Shop Stegosaurus',
    buttonLink: categoryPath('stegosaurus'),
    bgGradient: 'from-sun-100 via-cream to-brand-100',
  },
  {
    id: 'triceratops',
    tag: 'Three Horns, Zero Chill',
    title: 'Frills, Thrills',
    accentTitle: '& Tri-Horned Briefs',
    description:
      'Bold boxers and frill-seeking lace for herbivores who charge straight at what they want. Horn holes not included.',
    imageUrl: '/images/products/tri-horned-triple-threat-boxers.svg',
    buttonText: 'Shop Triceratops',
    buttonLink: categoryPath('triceratops'),
    bgGradient: 'from-accent-100 via-cream to-sun-100',
  },
];
