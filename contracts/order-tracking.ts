import { type OrderHistoryItem, estimateOf, formatDay, historyNote, orderStatusLabel } from './order-history.ts';
import { decimalToCents } from './money-format.ts';
import { lineLabel } from './order-presentation.ts';

/**
 * Order tracking: the shop's orders, found by number and the address they were placed with (the API
 * and the form route ask the orders service), and the one hard-coded sample order, matched here.
 * Dependency-free: the page loads no valibot for it.
 */

/** Track Order's page (and its form's action). */
export const TRACK_ORDER_PATH = '/track-order';

/**
 * Track Order opened at an order: the number only. The address stays out of the link, where it
 * would land in server logs and browser history; the shopper types it on the page.
 */
export const trackOrderPath = (number: string) => `${TRACK_ORDER_PATH}?number=${encodeURIComponent(number)}`;

/**
 * The number a Track Order link names, as the page's server render fills it in: at most 40
 * characters, then trimmed (so reading it again, as the browser does, gives the same).
 */
export function linkedOrderNumber(params: URLSearchParams): string | undefined {
  return params.get('number')?.slice(0, 40).trim() || undefined;
}

/** How the shop's order numbers start ('#DINO-' and six digits; the lookup takes them with or without '#'). */
export const ORDER_NUMBER_PREFIX = '#DINO-';
export const ORDER_NUMBER_EXAMPLE = `${ORDER_NUMBER_PREFIX}123456`;
/** Track Order's hint: the numbers the shop gives out (the sample's COC- number works too, as Not Found says). */
export const ORDER_NUMBER_HINT = `Order numbers start with ${ORDER_NUMBER_PREFIX} followed by six digits, e.g. ${ORDER_NUMBER_EXAMPLE}.`;

/** One event of a tracked order's history: what happened, when (ISO 8601), and what the shopper is told of it. */
export interface TrackedEvent {
  type: string;
  at: string;
  note?: string;
}

export interface TrackedOrder {
  number: string;
  date: string;
  /** The status its moves left (Processing, Shipped, Delivered, Cancelled): what the badge's colour and a Cancel go by. */
  status: string;
  /** What the badge says: the status, or Refunded / Partly refunded (contracts/order-history.ts). */
  statusLabel: string;
  items: Array<{ name: string; quantity: number; price: string }>;
  /**
   * The method; once shipped, the carrier, tracking number and estimated delivery (a day, or "No
   * estimate yet"). The address is not shown for a real order.
   */
  shipping: { method: string; carrier?: string; trackingNumber?: string; eta?: string; address?: string };
  /** What a real order charged besides its lines (decimal strings), so its total adds up on screen. */
  charges?: { subtotal: string; shipping: string; discount: string };
  total: string;
  /** What was given back (a decimal string), when anything was. */
  refunded?: string;
  /** A real order's events, oldest first. */
  history?: TrackedEvent[];
}

/** An order the shop recorded (the API's shape) as Track Order shows it: date, status, lines, method, charges, total. */
export function trackedOrderOf(order: {
  number: string;
  placedAt: string;
  status: string;
  lines: Array<{ variantId: number; name: string; size: string; color: string; quantity: number; unitPrice: string }>;
  subtotal: string;
  shippingCost: string;
  discount: string;
  total: string;
  shipping: { method: string; carrier: string | null; trackingNumber: string | null; eta: string | null };
  refunded: string;
  history: OrderHistoryItem[];
}): TrackedOrder {
  const { method, carrier, trackingNumber, eta } = order.shipping;
  const estimate = estimateOf({ status: order.status, eta });
  return {
    number: order.number,
    date: formatDay(order.placedAt),
    status: order.status,
    statusLabel: orderStatusLabel({
      status: order.status,
      refundedCents: decimalToCents(order.refunded),
      totalCents: decimalToCents(order.total),
    }),
    items: order.lines.map((line) => ({ name: lineLabel(line), quantity: line.quantity, price: line.unitPrice })),
    shipping: {
      method,
      ...(carrier ? { carrier } : {}),
      ...(trackingNumber ? { trackingNumber } : {}),
      ...(estimate ? { eta: estimate } : {}),
    },
    charges: { subtotal: order.subtotal, shipping: order.shippingCost, discount: order.discount },
    total: order.total,
    ...(order.refunded !== '0.00' ? { refunded: order.refunded } : {}),
    history: order.history.map((item) => {
      const note = historyNote(item, order.lines);
      return { type: item.type, at: item.at, ...(note ? { note } : {}) };
    }),
  };
}

/** Only a recorded order that has not shipped can be cancelled by its shopper (the sample is never one). */
export function shopperCanCancel(order: TrackedOrder): boolean {
  return order.status === 'Processing' && order.history !== undefined;
}

export const SAMPLE_ORDER: TrackedOrder = {
  number: 'COC-123456',
  date: 'May 28, 2025',
  status: 'Shipped',
  statusLabel: 'Shipped',
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

/** Both fields are required and must not be blank. No format check: the shop's numbers are #DINO- and six digits, the sample's COC-. */
export function validateTrackForm(orderNumber: string, email: string): TrackErrors {
  const errors: TrackErrors = {};
  if (!orderNumber.trim()) errors.orderNumber = 'Please enter your order number';
  if (!email.trim()) errors.email = 'Please enter your email address';
  return errors;
}

/** The sample: found when the number equals the sample's (case-insensitive) and an email is given. */
export function trackSampleOrder(orderNumber: string, email: string): TrackResult {
  const matches = orderNumber.trim().toLowerCase() === SAMPLE_ORDER.number.toLowerCase() && email.trim() !== '';
  return matches ? { kind: 'found', order: SAMPLE_ORDER } : { kind: 'not-found' };
}
