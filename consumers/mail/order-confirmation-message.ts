import {
  lineLabel,
  lineQuantityPrice,
  lineText,
  lineTotal,
  orderTotalsRows,
} from '../../contracts/order-presentation.ts';
import { trackOrderPath } from '../../contracts/order-tracking.ts';
import type { OrderLine, OrderPersonal } from '../../domain/orders/order.events.ts';
import { SIGN_OFF, button, escapeHtml, heading, htmlDocument } from './mail-layout.ts';
import type { MailMessage } from './mailer.ts';

export interface ConfirmedOrder {
  number: string;
  lines: readonly OrderLine[];
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  shippingMethod: string;
}

/** Every order mail's one button: Track Order, opened at the order. */
export const TRACK_ORDER_BUTTON = 'Track Order';

/** Track Order opened at this order (contracts/order-tracking.ts: the number only), on the shop's origin. */
export const trackOrderLink = (publicUrl: string, number: string) => `${publicUrl}${trackOrderPath(number)}`;

/** The confirmation of a placed order, in plain text and HTML, worded as the order reads everywhere (contracts/order-presentation.ts). */
export function orderConfirmationMessage(options: {
  order: ConfirmedOrder;
  personal: OrderPersonal;
  publicUrl: string;
  messageId: string;
}): MailMessage {
  const { order, personal } = options;
  const track = trackOrderLink(options.publicUrl, order.number);
  const addressLines = [
    `${personal.firstName} ${personal.lastName}`,
    personal.address,
    `${personal.city}, ${personal.state} ${personal.zip}`,
    personal.country,
  ];
  const totals = orderTotalsRows(order);
  const text = [
    `Thanks for your order, ${personal.firstName}!`,
    '',
    `Order ${order.number}`,
    '',
    ...order.lines.map((line) => `${lineText(line)}: ${lineTotal(line)}`),
    '',
    ...totals.map(({ label, value }) => `${label}: ${value}`),
    '',
    `Shipping method: ${order.shippingMethod}`,
    'Shipping to:',
    ...addressLines.map((line) => `  ${line}`),
    '',
    `Track your order (with the email you ordered with): ${track}`,
    '',
    ...SIGN_OFF.text,
  ].join('\n');
  const cell = 'padding: 6px 8px; border-bottom: 1px solid #e5e7eb;';
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${escapeHtml(lineLabel(line))}<br><small>${escapeHtml(lineQuantityPrice(line))}</small></td>` +
        `<td style="${cell} text-align: right;">${escapeHtml(lineTotal(line))}</td></tr>`,
    )
    .join('\n');
  const totalRows = totals
    .map(
      ({ label, value }) =>
        `<tr><td style="padding: 4px 8px; text-align: right;">${label}</td><td style="padding: 4px 8px; text-align: right;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = htmlDocument(
    [
      heading(`Thanks for your order, ${personal.firstName}!`),
      `<p>Order <strong>${escapeHtml(order.number)}</strong></p>`,
      '<table style="width: 100%; border-collapse: collapse;">',
      '<thead><tr><th style="text-align: left; padding: 6px 8px;">Item</th><th style="text-align: right; padding: 6px 8px;">Total</th></tr></thead>',
      `<tbody>\n${rows}\n</tbody>`,
      `<tfoot>\n${totalRows}\n</tfoot>`,
      '</table>',
      `<p><strong>Shipping method:</strong> ${escapeHtml(order.shippingMethod)}</p>`,
      `<p><strong>Shipping to:</strong><br>${addressLines.map(escapeHtml).join('<br>')}</p>`,
      button(track, TRACK_ORDER_BUTTON),
      SIGN_OFF.html,
    ].join('\n'),
    600,
  );
  return {
    to: personal.email,
    subject: `Your DinoBooty order ${order.number}`,
    text,
    html,
    messageId: options.messageId,
  };
}
