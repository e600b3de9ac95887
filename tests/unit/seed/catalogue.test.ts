import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SIZES } from '../../../contracts/sizes.ts';
import { catalogue } from '../../../seed/catalogue.data.ts';
import { variantImageUrl } from '../../../contracts/variant-image.ts';
import {
  avatarSvg,
  categorySvg,
  faviconSvg,
  logoSvg,
  mascotSvg,
  productColours,
  productSvg,
} from '../../../seed/illustrations/index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const publicDir = join(root, 'public');
const SPECIES = ['raptor', 'stegosaurus', 'triceratops', 't-rex', 'brontosaurus', 'pterodactyl'];
const { categories, products, testimonials } = catalogue;

function expectValidSvg(svg: string, where: string): void {
  expect(svg.startsWith('<svg'), `${where} starts with <svg`).toBe(true);
  expect(svg, where).toMatch(/<title[^>]*>[^<]+<\/title>/);
  expect(svg, where).toContain('role="img"');
  expect(svg, where).toMatch(/viewBox="0 0 \d+ \d+"/);
  expect(svg.replaceAll('http://www.w3.org/2000/svg', ''), `${where} has no external reference`).not.toMatch(/https?:/);
  expect(svg, `${where} has no script`).not.toMatch(/<script|on\w+=/i);
  expect(svg, `${where} has no <text>`).not.toContain('<text');
  expect(svg, `${where} has no fixed size on the root`).not.toMatch(/^<svg[^>]*\swidth=/);
}

function svgFile(url: string): string {
  expect(url.startsWith('/'), `${url} is absolute`).toBe(true);
  const file = join(publicDir, url);
  expect(existsSync(file), `${url} exists under public/`).toBe(true);
  return readFileSync(file, 'utf8');
}

describe('seed catalogue: categories', () => {
  it('has the six species categories and the two link categories, with unique slugs', () => {
    const slugs = categories.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of [...SPECIES, 'new-arrivals', 'bestsellers']) expect(slugs).toContain(s);
  });

  it('gives every category a name, a description and an image under /images/categories', () => {
    for (const c of categories) {
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.name).not.toMatch(/collection/i);
      expect(c.description.length).toBeGreaterThan(20);
      expect(c.imageUrl).toBe(`/images/categories/${c.slug}.svg`);
    }
  });
});

describe('seed catalogue: products', () => {
  it('has at least 16 products with unique ids 1..N and unique slugs', () => {
    expect(products.length).toBeGreaterThanOrEqual(16);
    const ids = products.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids.map((_, i) => i + 1));
    const slugs = products.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9-]{1,80}$/);
  });

  it('prices every product in whole cents below $50 (the listing price filter)', () => {
    for (const p of products) {
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.priceCents).toBeGreaterThanOrEqual(1499);
      expect(p.priceCents).toBeLessThan(5000);
    }
  });

  it('lists every product under exactly one species, and every species has at least 2 products', () => {
    for (const p of products) expect(p.categories.filter((c) => SPECIES.includes(c))).toHaveLength(1);
    for (const s of SPECIES)
      expect(products.filter((p) => p.categories.includes(s)).length, s).toBeGreaterThanOrEqual(2);
  });

  it('only references categories that exist', () => {
    const slugs = new Set(categories.map((c) => c.slug));
    for (const p of products) for (const c of p.categories) expect(slugs.has(c), `${p.slug} → ${c}`).toBe(true);
  });

  it('keeps the bestsellers category consistent with the bestSeller flag', () => {
    const flagged = products.filter((p) => p.bestSeller);
    expect(flagged.length).toBeGreaterThanOrEqual(5);
    for (const p of products) expect(p.categories.includes('bestsellers'), p.slug).toBe(p.bestSeller);
  });

  it('lists the newest products (highest ids) under new-arrivals', () => {
    const arrivals = products.filter((p) => p.categories.includes('new-arrivals'));
    expect(arrivals.length).toBeGreaterThan(0);
    const minArrival = Math.min(...arrivals.map((p) => p.id));
    for (const p of products) expect(p.categories.includes('new-arrivals'), p.slug).toBe(p.id >= minArrival);
  });

  it('features at least 4 products', () => {
    expect(products.filter((p) => p.featured).length).toBeGreaterThanOrEqual(4);
  });

  it('names products so the storefront can pick a mascot', () => {
    for (const p of products) {
      const n = p.name.toLowerCase();
      if (p.categories.includes('t-rex')) expect(n).toContain('t-rex');
      if (p.categories.includes('stegosaurus')) expect(n).toContain('stego');
      if (p.categories.includes('raptor')) expect(n).toContain('raptor');
      if (p.categories.includes('triceratops')) expect(n).toMatch(/tri-horned|triceratops/);
    }
  });

  it('describes every product in a few sentences', () => {
    for (const p of products) {
      const sentences = p.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim().length > 0);
      expect(sentences.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.slug).toBeLessThanOrEqual(3);
    }
  });
});

describe('seed catalogue: variants', () => {
  it('gives variants unique ids following productId * 100 + index', () => {
    const all = products.flatMap((p) => p.variants);
    expect(new Set(all.map((v) => v.id)).size).toBe(all.length);
    for (const p of products) p.variants.forEach((v, i) => expect(v.id).toBe(p.id * 100 + i));
  });

  it('offers several sizes and 2 to 5 colours per product, as a full size × colour grid', () => {
    for (const p of products) {
      const sizes = new Set(p.variants.map((v) => v.size));
      const colours = new Set(p.variants.map((v) => v.color));
      expect(sizes.size, p.slug).toBeGreaterThanOrEqual(3);
      for (const s of sizes) expect(SIZES).toContain(s);
      expect(colours.size, p.slug).toBeGreaterThanOrEqual(2);
      expect(colours.size, p.slug).toBeLessThanOrEqual(5);
      expect(p.variants.length).toBe(sizes.size * colours.size);
      const combos = new Set(p.variants.map((v) => `${v.size}/${v.color}`));
      expect(combos.size).toBe(p.variants.length);
      for (const v of p.variants) expect(v.colorHex).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(products.filter((p) => new Set(p.variants.map((v) => v.color)).size >= 4).length).toBeGreaterThanOrEqual(5);
    expect(products.filter((p) => new Set(p.variants.map((v) => v.size)).size === 5).length).toBeGreaterThan(
      products.length / 2,
    );
  });

  it('keeps each colour name on one hex', () => {
    const hexByName = new Map<string, string>();
    for (const v of products.flatMap((p) => p.variants)) {
      const seen = hexByName.get(v.color);
      if (seen) expect(v.colorHex, v.color).toBe(seen);
      else hexByName.set(v.color, v.colorHex);
    }
  });

  it('has stock in 0..40, a nearly-sold-out variant per product, some sold out, and a well-stocked first variant', () => {
    for (const p of products) {
      for (const v of p.variants) {
        expect(Number.isInteger(v.stock)).toBe(true);
        expect(v.stock).toBeGreaterThanOrEqual(0);
        expect(v.stock).toBeLessThanOrEqual(40);
      }
      expect(
        p.variants.some((v) => v.stock >= 1 && v.stock <= 4),
        p.slug,
      ).toBe(true);
      expect(p.variants[0]!.stock, p.slug).toBeGreaterThanOrEqual(5);
    }
    expect(products.flatMap((p) => p.variants).some((v) => v.stock === 0)).toBe(true);
  });

  it('sells every product in most of its variants and every colour in some size', () => {
    for (const p of products) {
      const soldOut = p.variants.filter((v) => v.stock === 0);
      expect(soldOut.length, p.slug).toBeLessThanOrEqual(p.variants.length / 4);
      for (const colour of new Set(p.variants.map((v) => v.color))) {
        expect(
          p.variants.some((v) => v.color === colour && v.stock > 0),
          `${p.slug} in ${colour}`,
        ).toBe(true);
      }
    }
  });
});

describe('seed catalogue: testimonials', () => {
  it('has at least 6 testimonials, ratings 1..5 in half steps, at least one fractional', () => {
    expect(testimonials.length).toBeGreaterThanOrEqual(6);
    for (const t of testimonials) {
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(t.rating * 2)).toBe(true);
      expect(t.age).toBeGreaterThan(0);
      expect(t.age).toBeLessThan(200);
      expect(t.comment.length).toBeGreaterThan(20);
      expect(t.imageUrl).toMatch(/^\/images\/testimonials\/[a-z0-9-]+\.svg$/);
    }
    expect(testimonials.some((t) => !Number.isInteger(t.rating))).toBe(true);
  });
});

describe('seed catalogue: images', () => {
  it('has every referenced image as a valid SVG file under public/', () => {
    const urls = [
      ...categories.map((c) => c.imageUrl),
      ...products.map((p) => p.imageUrl),
      ...testimonials.map((t) => t.imageUrl),
    ];
    for (const url of urls) expectValidSvg(svgFile(url), url);
  });

  it('has the mascots, the logo and the favicon', () => {
    for (const url of [
      '/images/mascots/trex.svg',
      '/images/mascots/stego.svg',
      '/images/mascots/raptor.svg',
      '/images/logo.svg',
      '/favicon.svg',
    ]) {
      expectValidSvg(svgFile(url), url);
    }
  });

  it('keeps the committed files in step with the generator (rerun: npx tsx seed/illustrations/write.ts)', () => {
    categories.forEach((c) => expect(svgFile(c.imageUrl), c.imageUrl).toBe(categorySvg(c)));
    products.forEach((p) => expect(svgFile(p.imageUrl), p.imageUrl).toBe(productSvg(p)));
    testimonials.forEach((t, i) => expect(svgFile(t.imageUrl), t.imageUrl).toBe(avatarSvg(t, i + 1)));
    for (const m of ['trex', 'stego', 'raptor'] as const)
      expect(svgFile(`/images/mascots/${m}.svg`)).toBe(mascotSvg(m));
    expect(svgFile('/images/logo.svg')).toBe(logoSvg());
    expect(svgFile('/favicon.svg')).toBe(faviconSvg());
  });

  it('has a rendition of every product in each of its colours, in step with the generator', () => {
    for (const p of products) {
      const colours = productColours(p);
      expect(colours.length, p.slug).toBe(new Set(p.variants.map((v) => v.colorHex.toLowerCase())).size);
      for (const colour of colours) {
        const url = variantImageUrl(p.imageUrl, colour.hex);
        expect(url, p.slug).not.toBe(p.imageUrl);
        const svg = svgFile(url);
        expectValidSvg(svg, url);
        expect(svg, url).toBe(productSvg(p, colour));
        // the garment is painted in that colour, and the title names it
        expect(svg, url).toContain(`fill="${colour.hex.toLowerCase()}"`);
        expect(svg, url).toContain(` in ${colour.name}</title>`);
      }
      // the first colour's rendition is the product's own picture
      expect(productSvg(p, colours[0])).toBe(productSvg(p));
      // each colour is a different picture
      expect(new Set(colours.map((c) => productSvg(p, c))).size, p.slug).toBe(colours.length);
    }
  });

  it('draws product images square and category tiles 4:3, each product differently', () => {
    for (const p of products) expect(productSvg(p)).toContain('viewBox="0 0 600 600"');
    for (const c of categories) expect(categorySvg(c)).toContain('viewBox="0 0 800 600"');
    for (const t of testimonials) expect(avatarSvg(t)).toContain('viewBox="0 0 200 200"');
    const drawings = new Set(products.map((p) => productSvg(p).replace(/<title[^>]*>.*?<\/title>/, '')));
    expect(drawings.size).toBe(products.length);
  });
});
