import type { MailMessage } from './mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The welcome to a new newsletter subscriber, in plain text and HTML. */
export function welcomeMessage(options: { to: string; publicUrl: string; messageId: string }): MailMessage {
  const shop = `${options.publicUrl}/shop`;
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
    'Free shipping on orders over $50 with the code DINOBOOTY at checkout. Not sure if your T-Rex is a',
    `small or a large? The size guide has you covered (tiny arms included): ${sizes}`,
    '',
    'Stay fierce,',
    'The DinoBooty team',
    '',
    "You're getting this because this address signed up on our site. Didn't? Reply and we'll forget it.",
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: sans-serif; color: #1f2937; max-width: 560px; margin: 0 auto;">
<h1 style="color: #15803d;">Roar! Welcome to the herd.</h1>
<p>You're now on the DinoBooty mailing list: first word of new prints, restocks of the sizes that went extinct too fast, and the occasional sale worth a tail-wag.</p>
<p><a href="${escapeHtml(shop)}" style="background: #15803d; color: #ffffff; padding: 10px 16px; border-radius: 6px; text-decoration: none;">Shop the collection</a></p>
<p>Free shipping on orders over $50 with the code <strong>DINOBOOTY</strong> at checkout. Not sure if your T-Rex is a small or a large? The <a href="${escapeHtml(sizes)}">size guide</a> has you covered (tiny arms included).</p>
<p>Stay fierce,<br>The DinoBooty team</p>
<p style="font-size: 12px; color: #6b7280;">You're getting this because this address signed up on our site. Didn't? Reply and we'll forget it.</p>
</body></html>
`;
  return { to: options.to, subject: 'Welcome to the herd! 🦖', text, html, messageId: options.messageId };
}
