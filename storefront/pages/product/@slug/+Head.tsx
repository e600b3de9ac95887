import { useData } from 'vike-react/useData';
import type { Data } from './+data.ts';
import { productPath } from '../../../../contracts/shop-paths.ts';

/**
 * The canonical link and JSON-LD Product for search engines, absolute from the configured origin
 * (never the request's Host). `<` is escaped so no text can close the script element.
 */
export default function Head() {
  const { product, inStock, publicUrl } = useData<Data>();
  const url = `${publicUrl}${productPath(product.slug)}`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: new URL(product.imageUrl, `${publicUrl}/`).href,
    sku: String(product.id),
    brand: { '@type': 'Brand', name: 'DinoBooty' },
    ...(product.collection ? { category: product.collection } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: product.price,
      priceCurrency: 'USD',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  return (
    <>
      <link rel="canonical" href={url} />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD of the shop's own data, every "<" escaped.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
      />
    </>
  );
}
