import { LOW_STOCK_BELOW, MAX_LINE_QUANTITY } from './cart-rules.ts';

/** From LOW_STOCK_BELOW up, how many a shopper may pick on the product page: the largest not above the count. */
const PICKABLE_FLOORS = [MAX_LINE_QUANTITY, 50, 20, 10, LOW_STOCK_BELOW] as const;

/**
 * The stock a shopper is shown, in bands: 0 when sold out, the exact count below LOW_STOCK_BELOW (the
 * low-stock warning names it), else the largest of 5, 10, 20, 50 and 99 not above the count (the
 * product page's quantity stepper goes up to it, never past what is there). A count that moves within
 * its band shows the same, so a sale changes no answer that shows it. The cart and the checkout act on
 * the exact count.
 */
export function shownStock(stock: number): number {
  if (stock <= 0) return 0;
  if (stock < LOW_STOCK_BELOW) return stock;
  return PICKABLE_FLOORS.find((floor) => stock >= floor)!;
}
