/**
 * Each product illustration is drawn once per colour it is sold in, so the picture shows the colour the
 * shopper picked. The renditions sit beside the product's own image, named by the colour's hex value:
 * /images/products/raptor-briefs.svg in #ff7a1a is /images/products/raptor-briefs--ff7a1a.svg.
 * No dependencies: the seed writes these files and the storefront links to them.
 */
const RENDITION_SOURCE = /^(\/images\/products\/[a-z0-9-]+)\.svg$/;

/** The picture of a product in one colour; an image that has no renditions is returned as it is. */
export function variantImageUrl(imageUrl: string, colorHex: string | undefined): string {
  const base = RENDITION_SOURCE.exec(imageUrl);
  const hex = colorHex && /^#?([0-9a-f]{6})$/i.exec(colorHex.trim());
  if (!base || !hex) return imageUrl;
  return `${base[1]}--${hex[1]!.toLowerCase()}.svg`;
}
