import type { CartItem } from '../../../contracts/cart.ts';
import { CartLine } from './cart-line.tsx';

/** The cart's lines: a real table from md up, a list of cards below. */
export function CartLines({ items }: { items: CartItem[] }) {
  return (
    <>
      <table className="hidden w-full text-left md:table" data-testid="cart-table">
        <caption className="sr-only">Items in your cart, with unit price, quantity and line total</caption>
        <thead className="border-b border-ink-200 bg-ink-50 text-xs font-bold uppercase tracking-wider text-ink-600">
          <tr>
            <th scope="col" className="px-6 py-3">
              Product
            </th>
            <th scope="col" className="px-3 py-3">
              Price
            </th>
            <th scope="col" className="px-3 py-3">
              Quantity
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Total
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-200">
          {items.map((item) => (
            <CartLine key={item.id} item={item} layout="row" />
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-ink-200 md:hidden" aria-label="Items in your cart">
        {items.map((item) => (
          <CartLine key={item.id} item={item} layout="card" />
        ))}
      </ul>
    </>
  );
}
