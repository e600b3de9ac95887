import { SIGN_OFF, button, escapeHtml, heading, htmlDocument, smallPrint } from './mail-layout.ts';
import type { MailMessage } from './mailer.ts';
import { SHOP_PATH } from '../../contracts/shop-paths.ts';
import { SHIPPING_WORDS } from '../../contracts/shipping-words.ts';

/** The shop's free-shipping promise, its code set in bold. */
const freeShippingHtml = escapeHtml(SHIPPING_WORDS.welcome).replace(
  SHIPPING_WORDS.code,
  `<strong>${SHIPPING_WORDS.code}</strong>`,
);

const WHY = "You're getting this because this address signed up on our site. Didn't? Reply and we'll forget it.";

/** The welcome to a new newsletter subscriber, in plain text and HTML. */
export function welcomeMessage(options: { to: string; publicUrl: string; messageId: string }): MailMessage {
  const shop = `${options.publicUrl}${SHOP_PATH}`;
  const sizes = `${options.publicUrl}/size-guide`;
  const text = [
    'Roar! Welcome to the herd.',
    '',
    "You're now on the DinoBooty mailing list: first word of new prints, restocks of the sizes that went",
    'extinct too fast, and the occasional sale worth a tail-wag.',
    '',
    'While you wait for the next drop, the whole collection is here:',
    shop,
    '',
    SHIPPING_WORDS.welcome,
    `Not sure if your T-Rex is a small or a large? The size guide has you covered (tiny arms included): ${sizes}`,
    '',
    ...SIGN_OFF.text,
    '',
    WHY,
  ].join('\n');
  const html = htmlDocument(
    [
      heading('Roar! Welcome to the herd.'),
      "<p>You're now on the DinoBooty mailing list: first word of new prints, restocks of the sizes that went extinct too fast, and the occasional sale worth a tail-wag.</p>",
      button(shop, 'Shop the collection'),
      `<p>${freeShippingHtml} Not sure if your T-Rex is a small or a large? The <a href="${escapeHtml(sizes)}">size guide</a> has you covered (tiny arms included).</p>`,
      SIGN_OFF.html,
      smallPrint(WHY),
    ].join('\n'),
  );
  return { to: options.to, subject: 'Welcome to the herd! 🦖', text, html, messageId: options.messageId };
}
