/** Order tracking is a demo: one hard-coded sample order, matched in the browser, and by the form route without JavaScript. */

export interface TrackedOrder {
  number: string;
  date: string;
  status: string;
  items: Array<{ name: string; quantity: number; price: string }>;
  shipping: { method: string; carrier: string; trackingNumber: string; eta: string; address: string };
  total: string;
}

export const SAMPLE_ORDER: TrackedOrder = {
  number: 'COC-123456',
  date: 'May 28, 2025',
  status: 'Shipped',
  items: [
    { name: 'T-Rex Tiny Arms Thong', quantity: 2, price: '24.99' },
    { name: 'Stego Plate-Mate Briefs', quantity: 1, price: '21.99' },
  ],
  shipping: {
    method: 'Standard Shipping (3-5 business days)',
    carrier: 'Pterodactyl Express',
    trackingNumber: 'PTX-7741-2093-58',
    eta: 'June 2, 2025',
    address: '42 Fossil Lane, Bedrock, CA 90210, US',
  },
  total: '71.97',
};

export type TrackResult = { kind: 'found'; order: TrackedOrder } | { kind: 'not-found' };

export interface TrackErrors {
  orderNumber?: string;
  email?: string;
}

/** Both fields are required and must not be blank. No format check: COC- is only a hint. */
export function validateTrackForm(orderNumber: string, email: string): TrackErrors {
  const errors: TrackErrors = {};
  if (!orderNumber.trim()) errors.orderNumber = 'Please enter your order number';
  if (!email.trim()) errors.email = 'Please enter your email address';
  return errors;
}

/** Found when the number equals the sample's (case-insensitive) and an email is given. */
export function trackOrder(orderNumber: string, email: string): TrackResult {
  const matches = orderNumber.trim().toLowerCase() === SAMPLE_ORDER.number.toLowerCase() && email.trim() !== '';
  return matches ? { kind: 'found', order: SAMPLE_ORDER } : { kind: 'not-found' };
}
