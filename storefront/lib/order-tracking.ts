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

/** Status badge colours: Processing yellow, Shipped green, Delivered blue, anything else grey. */
export function statusBadgeClass(status: string): string {
  switch (status.toLowerCase()) {
    case 'processing':
      return 'bg-sun-100 text-sun-600 ring-sun-300';
    case 'shipped':
      return 'bg-brand-100 text-brand-800 ring-brand-300';
    case 'delivered':
      return 'bg-sky-100 text-sky-800 ring-sky-300';
    default:
      return 'bg-ink-100 text-ink-700 ring-ink-300';
  }
}
