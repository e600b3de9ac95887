import { renderToStaticMarkup } from 'react-dom/server';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../../contracts/catalogue.ts';
import { renderCardAction } from '../../../storefront/features/cart/card-action.tsx';
import { addedDescription, variantPageHref } from '../../../storefront/features/cart/added-toast.tsx';
import { ProductCard } from '../../../storefront/features/catalogue/product-card.tsx';

const product: Product = {
  id: 7,
  name: 'T-Rex Tiny Arms Thong',
  slug: 't-rex-tiny-arms-thong',
  description: 'Short arms, big confidence.',
  price: '24.99',
  imageUrl: '/images/products/t-rex-tiny-arms-thong.svg',
  featured: false,
  bestSeller: true,
  variants: [],
};

const variant = (id: number, size: Variant['size'], color: string, stock: number): Variant => ({
  id,
  productId: product.id,
  size,
  color,
  colorHex: '#d64545',
  stock,
});

// The card's form names the page to come back to: it reads the page's URL from Vike's page context.
const pageContext = { urlParsed: { pathname: '/shop', searchOriginal: null } } as unknown as PageContext;
const card = (variants: Variant[]) =>
  renderToStaticMarkup(
    <VikeReactProviderPageContext pageContext={pageContext}>
      <ProductCard product={{ ...product, variants }} action={renderCardAction({ ...product, variants })} />
    </VikeReactProviderPageContext>,
  );

describe('product card stock', () => {
  it('says Sold out, and offers no Add to Cart, when no variant is in stock', () => {
    const html = card([variant(1, 'XS', 'Lava Red', 0), variant(2, 'S', 'Lava Red', 0)]);
    expect(html).toContain('>Sold out</span>');
    expect(html).toMatch(
      /<button type="button" disabled=""[^>]*>Sold out<span class="sr-only">: T-Rex Tiny Arms Thong<\/span><\/button>/,
    );
    expect(html).not.toContain('Add to Cart');
  });

  it('adds the first variant in stock when the first one is sold out', () => {
    const html = card([variant(1, 'XS', 'Lava Red', 0), variant(2, 'S', 'Lava Red', 4)]);
    expect(html).not.toContain('Sold out');
    expect(html).toContain('data-variant-id="2"');
  });
});

describe("a card's 'Added to cart!' toast", () => {
  const added = { product, variant: variant(2, 'M', 'Midnight Meteor', 4) };

  it('names the size and colour it added, with a link to change them on the product page', () => {
    const html = renderToStaticMarkup(addedDescription({ ...added, source: 'card' }));
    expect(html).toContain('T-Rex Tiny Arms Thong has been added to your cart.');
    expect(html).toContain('Size M (Dilo), Midnight Meteor.');
    expect(html).toContain('href="/product/t-rex-tiny-arms-thong?size=M&amp;color=Midnight+Meteor"');
    expect(variantPageHref(product, added.variant)).toBe('/product/t-rex-tiny-arms-thong?size=M&color=Midnight+Meteor');
  });

  it("keeps the spec's sentence alone for the product page's own adds", () => {
    expect(addedDescription({ ...added, source: 'product' })).toBe(
      'T-Rex Tiny Arms Thong has been added to your cart.',
    );
  });
});
