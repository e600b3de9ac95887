import type { MailMessage } from './mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface BackInStockVariant {
  slug: string;
  name: string;
  size: string;
  color: string;
}

/** The product page with the size and colour chosen (the page preselects what its query names). */
export const variantLink = (publicUrl: string, v: BackInStockVariant) => `${publicUrl}/product/${encodeURIComponent(v.slug)}?${new URLSearchParams({ size: v.size, color: v.color })}`;

/** "It's back": the one mail a waiting back-in-stock alert gets, in plain text and HTML. */
export function backInStockMessage(options: { to: string; variant: BackInStockVariant; publicUrl: string; messageId: string }): MailMessage {
  const { variant } = options;
  const what = `${variant.name} (${variant.size}, ${variant.color})`;
  const link = variantLink(options.publicUrl, variant);
  const text = [
    `Good news: ${what} is back in stock.`,
    '',
    `Grab yours before it goes extinct again: ${link}`,
    '',
    "You asked us to tell you once; this is that one e-mail, and we won't write about it again.",
    '',
    'Stay fierce,',
    'The DinoBooty team',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: sans-serif; color: #1f2937; max-width: 560px; margin: 0 auto;">
<h1 style="color: #15803d;">It's back!</h1>
<p><strong>${escapeHtml(what)}</strong> is back in stock.</p>
<p><a href="${escapeHtml(link)}" style="background: #15803d; color: #ffffff; padding: 10px 16px; border-radius: 6px; text-decoration: none;">Shop it now</a></p>
<p style="font-size: 12px; color: #6b7280;">You asked us to tell you once; this is that one e-mail, and we won't write about it again.</p>
</body></html>
`;
  return { to: options.to, subject: `Back in stock: ${what}`, text, html, messageId: options.messageId };
}
