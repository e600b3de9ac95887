import { SHIPPING_OFFER } from '../../../contracts/shipping-offer.ts';

const { banner } = SHIPPING_OFFER;

export function PromoBanner() {
  return (
    <aside
      aria-label="Promotion"
      className="bg-ink-900 px-4 py-2 text-center text-xs font-semibold tracking-wide text-white sm:text-sm"
    >
      <p>
        {banner.offer} <span aria-hidden="true">·</span> {banner.useCode}{' '}
        <strong className="rounded bg-sun-300 px-1.5 py-0.5 font-mono text-ink-900">{banner.code}</strong>{' '}
        {banner.where}
      </p>
    </aside>
  );
}
