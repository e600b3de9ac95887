import * as v from 'valibot';
import { eventReader } from '../event-reader.ts';

/**
 * A shopper's wish to hear when a sold-out size and colour is back. One stream per address and
 * variant (named by the address's keyed hash, as a subscriber's), so a second request while the first
 * waits is the same stream and records nothing. The address is sealed with the same per-address key
 * as a subscriber's: one forget makes every copy unreadable.
 */
export interface StockAlertRequested {
  type: 'StockAlertRequested';
  data: {
    schemaVersion: 1;
    /** The keyed hash of the normalised address (the subscriber id of that address). */
    subscriberId: string;
    /** The address, sealed with that id's data key (personal-seal.ts's format). */
    emailCipher: string;
    productId: number;
    variantId: number;
    at: string;
  };
}

/** The alert went out (or had no one left to go to): a later request for the variant waits anew. */
export interface StockAlertFulfilled {
  type: 'StockAlertFulfilled';
  data: {
    schemaVersion: 1;
    variantId: number /** The event that brought units back (a receipt, a cancellation, a restocked return). */;
    receiptPosition: number;
    at: string;
  };
}

export type StockAlertEvent = StockAlertRequested | StockAlertFulfilled;
export const STOCK_ALERT_EVENT_TYPES = ['StockAlertRequested', 'StockAlertFulfilled'] as const;

export const STOCK_ALERT_STREAM_PREFIX = 'stock-alert-';
export const stockAlertStreamId = (subscriberId: string, variantId: number) =>
  `${STOCK_ALERT_STREAM_PREFIX}${variantId}-${subscriberId}`;

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const Text = v.pipe(v.string(), v.nonEmpty());
const At = v.pipe(v.string(), v.isoTimestamp());

export const readStockAlertEvent = eventReader<StockAlertEvent>({
  StockAlertRequested: [
    {
      schema: v.object({
        schemaVersion: v.literal(1),
        subscriberId: Text,
        emailCipher: Text,
        productId: Id,
        variantId: Id,
        at: At,
      }),
    },
  ],
  StockAlertFulfilled: [
    {
      schema: v.object({
        schemaVersion: v.literal(1),
        variantId: Id,
        receiptPosition: v.pipe(v.number(), v.integer(), v.minValue(1)),
        at: At,
      }),
    },
  ],
});
