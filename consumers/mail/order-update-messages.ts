import { formatMoney } from '../../contracts/money-format.ts';
import {
  NOTHING_SHIPS,
  ORDER_HISTORY_LABELS,
  type OrderHistoryItem,
  deliveryEstimate,
  formatHappenedAt,
  historyLine,
} from '../../contracts/order-history.ts';
import {
  QUANTITY_MARK,
  lineLabel,
  lineQuantityPrice,
  lineText,
  lineTotal,
} from '../../contracts/order-presentation.ts';
import type { OrderLine, OrderPersonal } from '../../domain/orders/order.events.ts';
import { SIGN_OFF, button, escapeHtml, heading, htmlDocument } from './mail-layout.ts';
import type { MailMessage } from './mailer.ts';
import { TRACK_ORDER_BUTTON, trackOrderLink } from './order-confirmation-message.ts';

/** What the mails of an order's moves name of it: its number and lines. */
export interface MovedOrder {
  number: string;
  lines: readonly OrderLine[];
}

export interface Common {
  order: MovedOrder;
  /** The customer's details, opened: the mail goes to their address and greets them by name. */
  personal: Pick<OrderPersonal, 'email' | 'firstName'>;
  publicUrl: string;
  messageId: string;
  /** The move as the order's history keeps it (app/orders/order-view.ts), its time included: the mail tells it as Track Order does. */
  move: OrderHistoryItem;
}

/** The move as Track Order's history tells it, with when and why: 'Refund issued, Dec 2, 2026, 10:00 AM UTC — $1.00 by the shop: damaged'. */
const happened = (options: Common) => historyLine(options.move, options.order.lines);

/** The returns policy's promise (the Shipping & Returns page says the same): a refund takes 3-5 business days. */
export const REFUND_TIME = 'Refunds reach you in 3-5 business days.';

/** The Track Order link (the page opens with the number filled in) and how to use it. */
function trackOrder(publicUrl: string, number: string) {
  const href = trackOrderLink(publicUrl, number);
  return { href, text: `Track your order with its number, ${number}, and the email you ordered with: ${href}` };
}

/** The text and HTML of one mail, with the shop's sign-off and one button. */
function compose(options: { title: string; text: string[]; html: string[]; button: { href: string; label: string } }) {
  return {
    text: [...options.text, '', ...SIGN_OFF.text].join('\n'),
    html: htmlDocument(
      [heading(options.title), ...options.html, button(options.button.href, options.button.label), SIGN_OFF.html].join(
        '\n',
      ),
      600,
    ),
  };
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const list = (items: readonly string[]) =>
  `<ul>\n${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}\n</ul>`;

/** "Shipped": the carrier, the tracking number, the estimated delivery, what is in the box and the Track Order link. */
export function orderShippedMessage(
  options: Common & { shipment: { carrier: string; trackingNumber: string; eta: string | null } },
): MailMessage {
  const { order, personal, shipment } = options;
  const track = trackOrder(options.publicUrl, order.number);
  const facts: Array<[string, string]> = [
    [ORDER_HISTORY_LABELS.OrderShipped, formatHappenedAt(options.move.at)],
    ['Carrier', shipment.carrier],
    ['Tracking number', shipment.trackingNumber],
    ['Estimated delivery', deliveryEstimate(shipment.eta)],
  ];
  const items = order.lines.map((line) => `${lineLabel(line)} ${QUANTITY_MARK} ${line.quantity}`);
  const opening = `Good news, ${personal.firstName}: your order ${order.number} is on its way!`;
  const { text, html } = compose({
    title: `Your order has shipped, ${personal.firstName}!`,
    text: [
      opening,
      '',
      ...facts.map(([label, value]) => `${label}: ${value}`),
      '',
      'In the box:',
      ...items.map((item) => `  ${item}`),
      '',
      track.text,
    ],
    html: [
      paragraph(opening),
      `<p>${facts.map(([label, value]) => `<strong>${label}:</strong> ${escapeHtml(value)}`).join('<br>')}</p>`,
      '<p><strong>In the box:</strong></p>',
      list(items),
      paragraph(`Track your order with its number, ${order.number}, and the email you ordered with.`),
    ],
    button: { href: track.href, label: TRACK_ORDER_BUTTON },
  });
  return {
    to: personal.email,
    subject: `Your DinoBooty order ${order.number} has shipped`,
    text,
    html,
    messageId: options.messageId,
  };
}

/**
 * "Cancelled": which order, who cancelled it (the shop's reason when it was the shop), and the lines
 * cancelled. Nothing about money: taking payment is a demo, and a refund, when the shop records one,
 * has its own mail.
 */
export function orderCancelledMessage(options: Common): MailMessage {
  const { order, personal, move: cancellation } = options;
  const track = trackOrder(options.publicUrl, order.number);
  const opening =
    cancellation.by === 'shopper'
      ? `Your order ${order.number} was cancelled, as you asked.`
      : `Your order ${order.number} was cancelled.`;
  const move = happened(options);
  const { text, html } = compose({
    title: 'Your order was cancelled',
    text: [
      `Hi ${personal.firstName},`,
      '',
      opening,
      move,
      '',
      'Cancelled:',
      ...order.lines.map((line) => `  ${lineText(line)}: ${lineTotal(line)}`),
      '',
      NOTHING_SHIPS,
      '',
      track.text,
    ],
    html: [
      paragraph(`Hi ${personal.firstName},`),
      paragraph(opening),
      paragraph(move),
      '<p><strong>Cancelled:</strong></p>',
      list(order.lines.map((line) => `${lineLabel(line)} ${lineQuantityPrice(line)}: ${lineTotal(line)}`)),
      paragraph(NOTHING_SHIPS),
    ],
    button: { href: track.href, label: TRACK_ORDER_BUTTON },
  });
  return {
    to: personal.email,
    subject: `Your DinoBooty order ${order.number} was cancelled`,
    text,
    html,
    messageId: options.messageId,
  };
}

/** "Refunded": the amount, the reason, and when it reaches the shopper (the shop's policy). */
export function refundIssuedMessage(options: Common): MailMessage {
  const { order, personal, move: refund } = options;
  const track = trackOrder(options.publicUrl, order.number);
  const amount = formatMoney(refund.amount ?? '0.00');
  const opening = `We've refunded ${amount} for your order ${order.number}.`;
  const move = happened(options);
  const { text, html } = compose({
    title: 'Your refund is on its way',
    text: [`Hi ${personal.firstName},`, '', opening, move, '', REFUND_TIME, '', track.text],
    html: [
      paragraph(`Hi ${personal.firstName},`),
      `<p>We've refunded <strong>${escapeHtml(amount)}</strong> for your order ${escapeHtml(order.number)}.</p>`,
      paragraph(move),
      paragraph(REFUND_TIME),
    ],
    button: { href: track.href, label: TRACK_ORDER_BUTTON },
  });
  return {
    to: personal.email,
    subject: `Your refund of ${amount} for DinoBooty order ${order.number}`,
    text,
    html,
    messageId: options.messageId,
  };
}
