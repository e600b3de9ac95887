import * as v from 'valibot';
import { FORM_ACTIONS } from '../../../contracts/form-actions.ts';
import type { TrackResult } from '../../../contracts/order-tracking.ts';
import { TrackAnswer } from '../../../contracts/orders.ts';
import { apiRequest } from '../../lib/api-fetch.ts';

/**
 * Asks the shop for the order, as the plain form does (the form route answers this page in JSON):
 * found, or not found; a failed call throws.
 */
export async function findOrder(orderNumber: string, email: string): Promise<TrackResult> {
  const response = await apiRequest(FORM_ACTIONS.trackOrder, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ orderNumber, email }),
  });
  const answer = v.parse(TrackAnswer, await response.json());
  return answer.tracked ? { kind: 'found', order: answer.tracked } : { kind: 'not-found' };
}
