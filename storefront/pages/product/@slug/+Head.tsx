import { useData } from 'vike-react/useData';
import type { Data } from './+data.ts';

/** JSON-LD Product for search engines. `<` is escaped so no text can close the script element. */
export default function Head() {
  const { product, inStock } = useData<Data>();
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.imageUrl,
    sku: String(product.id),
    brand: { '@type': 'Brand', name: 'DinoBooty' },
    ...(product.collection ? { category: product.collection } : {}),
    offers: {
      '@type': 'Offer',
      url: `/product/${product.slug}`,
      price: product.price,
      priceCurrency: 'USD',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
  );
}
