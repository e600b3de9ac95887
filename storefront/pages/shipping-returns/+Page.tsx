import { InfoPage } from '../../components/info-page.tsx';
import { EXPEDITED_PRICE } from '../../../contracts/shipping-offer.ts';
import { SHIPPING_WORDS } from '../../../contracts/shipping-words.ts';

const RATES = [
  { method: 'Standard', time: '3-5 business days', cost: SHIPPING_WORDS.standardCost },
  { method: 'Expedited', time: '1-2 business days', cost: EXPEDITED_PRICE },
  { method: 'Rush', time: 'Fastest available', cost: 'Additional fee, shown at checkout' },
  { method: 'International', time: '7-14 business days', cost: 'Calculated at checkout' },
];

export default function ShippingReturnsPage() {
  return (
    <InfoPage
      title="Shipping & Returns"
      eyebrow="Customer care"
      mascot="raptor"
      intro="Fast as a raptor, careful as a mother stegosaurus with her eggs."
    >
      <h2 className="font-display text-2xl font-black text-ink-900">Shipping</h2>
      {/* On a phone the cost goes under the delivery time: three columns do not fit 320 px. */}
      <div
        className="mt-6 overflow-x-auto rounded-2xl border border-ink-200 bg-white"
        tabIndex={0}
        role="region"
        aria-label="Shipping rates"
      >
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-ink-200">
              <th scope="col" className="px-3 py-3 font-bold text-ink-900 sm:px-4">
                Method
              </th>
              <th scope="col" className="px-3 py-3 font-bold text-ink-900 sm:px-4">
                Delivery time<span className="sm:hidden"> and cost</span>
              </th>
              <th scope="col" className="hidden px-3 py-3 font-bold text-ink-900 sm:table-cell sm:px-4">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {RATES.map((rate) => (
              <tr key={rate.method} className="border-b border-ink-100 last:border-0">
                <th scope="row" className="px-3 py-3 font-semibold text-ink-900 sm:px-4">
                  {rate.method}
                </th>
                <td className="px-3 py-3 text-ink-700 sm:px-4">
                  {rate.time}
                  <span className="mt-1 block font-semibold text-ink-900 sm:hidden">{rate.cost}</span>
                </td>
                <td className="hidden px-3 py-3 text-ink-700 sm:table-cell sm:px-4">{rate.cost}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="prose-dino">
        <ul>
          <li>Orders placed before 2 PM EST on a business day are processed the same day.</li>
          <li>
            Standard shipping is {SHIPPING_WORDS.standardFree}. {SHIPPING_WORDS.codeOnAnyOrder}
          </li>
          <li>
            You'll receive a tracking number by email as soon as your order ships; follow it on our{' '}
            <a href="/track-order">Track Order</a> page.
          </li>
        </ul>

        <h2>Returns & exchanges</h2>
        <ul>
          <li>Return unworn items with their tags attached within 30 days of delivery for a full refund.</li>
          <li>Prefer another size or colour? Exchanges are welcome within the same 30 days.</li>
          <li>
            Refunds are processed within 3-5 business days of receiving your return, to your original payment method.
          </li>
          <li>
            To start a return, log in to your account or <a href="/contact">contact us</a> with your order number. We
            reply within 48 hours, Mon-Fri 9am-5pm EST.
          </li>
        </ul>
      </div>
    </InfoPage>
  );
}
