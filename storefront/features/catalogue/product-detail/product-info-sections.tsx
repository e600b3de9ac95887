import { DisclosureList } from '../../../components/disclosure-list.tsx';
import { EXPEDITED_PRICE, SHIPPING_OFFER } from '../../../../contracts/shipping-offer.ts';

/** The product page's three collapsible sections, with the shop's shipping, care and returns facts. */
export function ProductInfoSections() {
  return (
    <DisclosureList
      headingLevel={2}
      items={[
        {
          title: 'Shipping Information',
          content: (
            <ul className="list-disc space-y-1.5 pl-5">
              <li>Standard shipping: 3-5 business days, {SHIPPING_OFFER.standardFree}.</li>
              <li>Expedited shipping: 1-2 business days for {EXPEDITED_PRICE}.</li>
              <li>Rush shipping is available for an additional fee.</li>
              <li>International shipping: 7-14 business days.</li>
              <li>Orders placed before 2 PM EST ship the same day.</li>
            </ul>
          ),
        },
        {
          title: 'Care Instructions',
          content: (
            <ul className="list-disc space-y-1.5 pl-5">
              <li>Hand wash cold.</li>
              <li>Do not bleach.</li>
              <li>Do not iron.</li>
              <li>Hang dry (a sunny boulder works nicely).</li>
            </ul>
          ),
        },
        {
          title: 'Returns & Exchanges',
          content: (
            <ul className="list-disc space-y-1.5 pl-5">
              <li>Return unworn items with their tags attached within 30 days for a full refund.</li>
              <li>Exchange for another size or colour at no extra cost.</li>
              <li>Refunds are processed within 3-5 business days of receiving your return.</li>
            </ul>
          ),
        },
      ]}
    />
  );
}
