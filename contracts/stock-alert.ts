import * as v from 'valibot';
import { Email } from './subscription.ts';

const Id = v.pipe(v.number('Please choose a size and colour'), v.integer(), v.minValue(1));

/** "E-mail me when it's back" for one sold-out size and colour of a product. */
export const StockAlertRequest = v.object({ email: Email, productId: Id, variantId: Id });
export type StockAlertRequest = v.InferOutput<typeof StockAlertRequest>;

export const StockAlertResult = v.object({ message: v.string() });
