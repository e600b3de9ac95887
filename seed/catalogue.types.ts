import type { Size } from '../contracts/catalogue.ts';

/** The shape of the catalogue the project ships (seed/catalogue.data.ts). Prices are integer cents. */
export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  /** Served by the shop, e.g. /images/categories/raptor.svg (a file under public/). */
  imageUrl: string;
}

export interface SeedVariant {
  /** Stable id (events reference it): by convention productId * 100 + index. */
  id: number;
  size: Size;
  color: string;
  colorHex: string;
  stock: number;
}

export interface SeedProduct {
  /** Stable ids: carts reference them in events, so they never change between seeds. Newer products have larger ids. */
  id: number;
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  imageUrl: string;
  collection?: string;
  bestSeller: boolean;
  featured: boolean;
  /** Category slugs this product is listed under (species plus link categories such as new-arrivals, bestsellers). */
  categories: string[];
  variants: SeedVariant[];
}

export interface SeedTestimonial {
  name: string;
  species: string;
  age: number;
  rating: number;
  comment: string;
  imageUrl: string;
}

export interface SeedCatalogue {
  categories: SeedCategory[];
  products: SeedProduct[];
  testimonials: SeedTestimonial[];
}
