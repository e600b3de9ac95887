import { describe, expect, it } from 'vitest';
import { HERO_AUTO_ADVANCE_MS, nextIndex, previousIndex, wrapIndex } from '../../../storefront/lib/slider.ts';
import { HERO_SLIDES } from '../../../storefront/pages/index/hero-slides.ts';

describe('hero slider index', () => {
  it('advances and wraps at the end', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(1, 3)).toBe(2);
    expect(nextIndex(2, 3)).toBe(0);
  });

  it('goes back and wraps at the start', () => {
    expect(previousIndex(2, 3)).toBe(1);
    expect(previousIndex(0, 3)).toBe(2);
  });

  it('wraps any integer into range', () => {
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });

  it('auto-advances every 5000 ms', () => {
    expect(HERO_AUTO_ADVANCE_MS).toBe(5000);
  });
});

describe('hero slides', () => {
  it('has 3 slides with the spec links', () => {
    expect(HERO_SLIDES).toHaveLength(3);
    expect(HERO_SLIDES[0]).toMatchObject({ buttonLink: '/shop', secondaryButtonLink: '/collections' });
    expect(HERO_SLIDES[1]?.buttonLink).toBe('/category/stegosaurus');
    expect(HERO_SLIDES[2]?.buttonLink).toBe('/category/triceratops');
  });

  it('gives every slide its content fields', () => {
    for (const slide of HERO_SLIDES) {
      for (const field of [
        'title',
        'accentTitle',
        'description',
        'imageUrl',
        'buttonText',
        'buttonLink',
        'tag',
        'bgGradient',
      ] as const) {
        expect(slide[field], field).toBeTruthy();
      }
      expect(slide.imageUrl.startsWith('/images/')).toBe(true);
    }
  });
});
