/** What every mail of the shop shares: its HTML page, heading, button, small print and sign-off. */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page around a mail's HTML body (`body` is HTML already; the parts below escape what they are given). */
export const htmlDocument = (body: string, maxWidthPx = 560) => `<!doctype html>
<html lang="en"><body style="font-family: sans-serif; color: #1f2937; max-width: ${maxWidthPx}px; margin: 0 auto;">
${body}
</body></html>
`;

export const heading = (text: string) => `<h1 style="color: #15803d;">${escapeHtml(text)}</h1>`;

export const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="background: #15803d; color: #ffffff; padding: 10px 16px; border-radius: 6px; text-decoration: none;">${escapeHtml(label)}</a></p>`;

export const smallPrint = (text: string) => `<p style="font-size: 12px; color: #6b7280;">${escapeHtml(text)}</p>`;

export const SIGN_OFF = {
  text: ['Stay fierce,', 'The DinoBooty team'],
  html: '<p>Stay fierce,<br>The DinoBooty team</p>',
} as const;
