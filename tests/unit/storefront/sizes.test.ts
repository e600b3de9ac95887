import { expect, it } from 'vitest';
import * as contracts from '../../../contracts/catalogue.ts';
import { SIZES, SIZE_LABELS } from '../../../storefront/lib/sizes.ts';

/** storefront/lib/sizes.ts repeats the contract's sizes without valibot: they must agree. */
it('the storefront sizes and labels are the contract’s', () => {
  expect(SIZES).toEqual(contracts.SIZES);
  expect(SIZE_LABELS).toEqual(contracts.SIZE_LABELS);
});
