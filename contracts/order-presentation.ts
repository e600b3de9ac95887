import { formatCents } from './money-format.ts';

/**
 * How an order reads, once, for the storefront (totals, Track Order), the confirmation mail, the CLI
 * and the decider's refusals: a line's label, its quantity and price, its total, and the totals rows.
 * Dependency-free (no React, no Node), so the storefront's first load can import it. Money in integer
 * cents, shown as en-US dollars ("$12.34"). Track Order is the reference for the words.
 */

/** What names a line: a product and the variant's size and colour (an order's line, a cart's, a variant). */
export interface NamedLine {
  name: string;
  size: string;
  color: string;
}

/** What prices a line: how many, at what unit price. */
export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
}

/** The one quantity mark: "× 2". */
export const QUANTITY_MARK = '×';
/** The true minus sign (U+2212) a discount is shown with: "−$7.20". */
export const MINUS_SIGN = '−';

/** "T-Rex Thong (M, Green)". */
export const lineLabel = (line: NamedLine): string => `${line.name} (${line.size}, ${line.color})`;

/** "× 2 ($24.99 each)". */
export const lineQuantityPrice = (line: PricedLine): string =>
  `${QUANTITY_MARK} ${line.quantity} (${formatCents(line.unitPriceCents)} each)`;

/** The line's money: unit price times quantity, "$49.98". */
export const lineTotal = (line: PricedLine): string => formatCents(line.unitPriceCents * line.quantity);

/** "T-Rex Thong (M, Green) × 2 ($24.99 each)": a line where it is written as one text. */
export const lineText = (line: NamedLine & PricedLine): string => `${lineLabel(line)} ${lineQuantityPrice(line)}`;

/** A shipping charge: "Free" when waived, else its price. */
export const formatShipping = (cents: number): string => (cents === 0 ? 'Free' : formatCents(cents));

/** A discount taken off: "−$7.20". */
export const formatDiscount = (cents: number): string => `${MINUS_SIGN}${formatCents(cents)}`;

export type TotalsLabel = 'Subtotal' | 'Shipping' | 'Discount' | 'Total';

export interface TotalsRow {
  label: TotalsLabel;
  value: string;
}

/** An order's (or a cart's) money; no discount is a discount of 0. */
export interface OrderMoney {
  subtotalCents: number;
  shippingCents: number;
  discountCents?: number;
  totalCents: number;
}

/** The total alone: what an order that records no other charges (Track Order's sample) shows. */
export const totalRow = (totalCents: number): TotalsRow => ({ label: 'Total', value: formatCents(totalCents) });

/** Subtotal, Shipping ("Free" when waived), Discount (only when there is one, with "−") and Total, in that order. */
export function orderTotalsRows(order: OrderMoney): TotalsRow[] {
  const discount = order.discountCents ?? 0;
  return [
    { label: 'Subtotal', value: formatCents(order.subtotalCents) },
    { label: 'Shipping', value: formatShipping(order.shippingCents) },
    ...(discount !== 0 ? [{ label: 'Discount', value: formatDiscount(discount) } as const] : []),
    totalRow(order.totalCents),
  ];
}
