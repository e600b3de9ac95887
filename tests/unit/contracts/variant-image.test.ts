import { describe, expect, it } from 'vitest';
import { variantImageUrl } from '../../../contracts/variant-image.ts';

describe('variantImageUrl', () => {
  it('names the rendition of a product picture by the colour hex, lowercased, without #', () => {
    expect(variantImageUrl('/images/products/raptor-rump-hugger-briefs.svg', '#FF7A1A')).toBe(
      '/images/products/raptor-rump-hugger-briefs--ff7a1a.svg',
    );
    expect(variantImageUrl('/images/products/a-b.svg', '2f9e6e')).toBe('/images/products/a-b--2f9e6e.svg');
  });

  it('keeps a picture that has no renditions, or a missing or malformed colour', () => {
    expect(variantImageUrl('/images/categories/t-rex.svg', '#ff7a1a')).toBe('/images/categories/t-rex.svg');
    expect(variantImageUrl('https://cdn.example/p.png', '#ff7a1a')).toBe('https://cdn.example/p.png');
    expect(variantImageUrl('/images/products/a.svg', undefined)).toBe('/images/products/a.svg');
    expect(variantImageUrl('/images/products/a.svg', 'orange')).toBe('/images/products/a.svg');
  });
});
