import { SIGN_OFF, button, escapeHtml, heading, htmlDocument, smallPrint } from './mail-layout.ts';
import type { MailMessage } from './mailer.ts';
import { productPath } from '../../contracts/shop-paths.ts';
import { lineLabel } from '../../contracts/order-presentation.ts';

const ONCE = "You asked us to tell you once; this is that one e-mail, and we won't write about it again.";

export interface BackInStockVariant {
  slug: string;
  name: string;
  size: string;
  color: string;
}

/** The product page with the size and colour chosen (the page preselects what its query names). */
export const variantLink = (publicUrl: string, v: BackInStockVariant) =>
  `${publicUrl}${productPath(v.slug, { size: v.size, color: v.color })}`;

/** "It's back": the one mail a waiting back-in-stock alert gets, in plain text and HTML. */
export function backInStockMessage(options: {
  to: string;
  variant: BackInStockVariant;
  publicUrl: string;
  messageId: string;
}): MailMessage {
  const { variant } = options;
  const what = lineLabel(variant);
  const link = variantLink(options.publicUrl, variant);
  const text = [
    `Good news: ${what} is back in stock.`,
    '',
    `Grab yours before it goes extinct again: ${link}`,
    '',
    ONCE,
    '',
    ...SIGN_OFF.text,
  ].join('\n');
  const html = htmlDocument(
    [
      heading("It's back!"),
      `<p><strong>${escapeHtml(what)}</strong> is back in stock.</p>`,
      button(link, 'Shop it now'),
      SIGN_OFF.html,
      smallPrint(ONCE),
    ].join('\n'),
  );
  return { to: options.to, subject: `Back in stock: ${what}`, text, html, messageId: options.messageId };
}
