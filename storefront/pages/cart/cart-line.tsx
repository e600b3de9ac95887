import type { CartItem } from '../../../contracts/cart.ts';
import { lineTotalCents } from '../../../contracts/cart-rules.ts';
import { formatCents, formatMoney } from '../../../contracts/money-format.ts';
import { isPendingLine, stepperMax } from '../../features/cart/cart-ops.ts';
import { lineAction, lineRemoveAction } from '../../../contracts/form-actions.ts';
import { LineImage, LineVariant, productHref } from '../../features/cart/cart-line-parts.tsx';
import { QuantityStepper } from '../../features/cart/quantity-stepper.tsx';
import { useCartActions } from '../../features/cart/use-cart.ts';
import { InPlaceSubmit } from '../../components/in-place-submit.tsx';
import { ReturnTo } from '../../lib/return-to.tsx';

/**
 * One cart line, as a table row (md and up) or as a card (below md): the same name, price, stepper,
 * total and Remove in either. Both are in the page; CSS shows one.
 */
export function CartLine({ item, layout }: { item: CartItem; layout: 'row' | 'card' }) {
  const actions = useCartActions();
  const name = (
    <>
      <a href={productHref(item)} className="font-bold leading-snug text-ink-900 hover:text-brand-700 hover:underline">
        {item.product.name}
      </a>
      <LineVariant item={item} className="mt-1" />
    </>
  );
  const price = formatMoney(item.product.price);
  const total = formatCents(lineTotalCents(item));
  const stepper = (
    <QuantityStepper
      label={item.product.name}
      value={item.quantity}
      max={stepperMax(item)}
      disabled={isPendingLine(item)}
      onStep={(delta) => actions.step(item.id, delta)}
      action={lineAction(item.id)}
    />
  );
  const remove = (compact: boolean) => (
    <RemoveButton item={item} compact={compact} onRemove={() => actions.remove(item.id)} />
  );

  if (layout === 'row') {
    return (
      <tr data-testid="cart-row">
        <td className="px-6 py-5">
          <div className="flex items-center gap-4">
            <LineImage item={item} />
            <div className="min-w-0">{name}</div>
          </div>
        </td>
        <td className="px-3 py-5 tabular-nums text-ink-700">{price}</td>
        <td className="px-3 py-5">{stepper}</td>
        <td className="px-3 py-5 text-right font-bold tabular-nums text-ink-900" data-testid="line-total">
          {total}
        </td>
        <td className="px-4 py-5 text-right">{remove(true)}</td>
      </tr>
    );
  }
  return (
    <li className="flex gap-4 p-4" data-testid="cart-row">
      <LineImage item={item} />
      <div className="min-w-0 flex-1">
        {name}
        <p className="mt-1 text-sm tabular-nums text-ink-600">{price} each</p>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          {stepper}
          <p className="font-bold tabular-nums text-ink-900" data-testid="line-total">
            {total}
          </p>
        </div>
        <div className="mt-1 -ml-3">{remove(false)}</div>
      </div>
    </li>
  );
}

/** Remove: posts without JavaScript, removes in place with it. Compact in the table: the icon, its name for screen readers. */
function RemoveButton({ item, compact, onRemove }: { item: CartItem; compact: boolean; onRemove: () => void }) {
  return (
    <form method="post" action={lineRemoveAction(item.id)} className="inline">
      <ReturnTo />
      <InPlaceSubmit
        disabled={isPendingLine(item)}
        onSubmitInPlace={onRemove}
        aria-label={`Remove ${item.product.name} from cart`}
        className={`inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-ink-600 transition hover:bg-accent-50 hover:text-accent-700 disabled:cursor-not-allowed disabled:text-ink-300 ${
          compact ? 'size-10 justify-center' : 'px-3 py-2'
        }`}
      >
        <TrashIcon className="size-5" />
        <span className={compact ? 'sr-only' : ''}>Remove</span>
      </InPlaceSubmit>
    </form>
  );
}

function TrashIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
