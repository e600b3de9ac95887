/**
 * Writes every image the catalogue references, plus the mascots, logo and favicon, under public/.
 * Run: npx tsx seed/illustrations/write.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogue } from '../catalogue.data.ts';
import { variantImageUrl } from '../../contracts/variant-image.ts';
import { avatarSvg, categorySvg, faviconSvg, logoSvg, mascotSvg, productColours, productSvg } from './index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const publicDir = join(root, 'public');

function put(url: string, svg: string): void {
  if (!url.startsWith('/')) throw new Error(`image URL must be absolute: ${url}`);
  const file = join(publicDir, url);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, svg);
}

let count = 0;
for (const c of catalogue.categories) put(c.imageUrl, categorySvg(c)), count++;
for (const p of catalogue.products) {
  put(p.imageUrl, productSvg(p));
  count++;
  for (const colour of productColours(p)) put(variantImageUrl(p.imageUrl, colour.hex), productSvg(p, colour)), count++;
}
catalogue.testimonials.forEach((t, i) => {
  put(t.imageUrl, avatarSvg(t, i + 1));
  count++;
});
for (const m of ['trex', 'stego', 'raptor'] as const) put(`/images/mascots/${m}.svg`, mascotSvg(m)), count++;
put('/images/logo.svg', logoSvg());
put('/favicon.svg', faviconSvg());
count += 2;
console.log(`wrote ${count} SVG files under ${publicDir}`);
