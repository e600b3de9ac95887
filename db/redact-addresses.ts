// What the shop keeps of a failure (a consumer's checkpoint, a dead letter, a log line) without the
// e-mail addresses in it: a mail server's refusal names its recipient, and a forgotten customer's
// address must not outlive their key in a row or a log.

/** What an address becomes. */
export const REDACTED_ADDRESS = '[address]';

/** What a plain local part is made of. No "/": a path through a scoped package (node_modules/@scope/...) in a stack stays readable. */
const LOCAL = "[\\p{L}\\p{N}!#$%&'*+=?^_`{|}~.-]";
/**
 * An address as errors show it: a local part (plain or quoted), "@" (or "%40", percent-encoded), a
 * domain (names or an [IP literal]). A plain local part is tried only where a run of its characters
 * starts: tried inside a long run (a token, a blob), it would cost time quadratic in the run's length.
 */
const ADDRESS = new RegExp(
  `(?:"[^"\\r\\n]*"|(?<!${LOCAL})${LOCAL}+)(?:@|%40)(?:\\[[^\\]\\r\\n]*\\]|[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*)`,
  'giu',
);

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/**
 * `text` with every address in it replaced by REDACTED_ADDRESS, and every occurrence of `known` (an
 * address being forgotten, case ignored, as written or percent-encoded) too, whatever shape it has.
 */
export function redactAddresses(text: string, known?: string): string {
  const redacted = text.replace(ADDRESS, REDACTED_ADDRESS);
  if (!known?.trim()) return redacted;
  const forms = [...new Set([known.trim(), encodeURIComponent(known.trim())])].map(escapeRegExp);
  return redacted.replace(new RegExp(forms.join('|'), 'gi'), REDACTED_ADDRESS);
}

/** How much of a failure's message is kept. */
const MESSAGE_LIMIT = 2_000;

/**
 * A failure fit to store and to log: its message and stack with the addresses redacted, its codes kept
 * (`code`, and an SMTP reply's `responseCode`: 550 says the address was refused, 451 try later), and
 * nothing else of the original (nodemailer's error also lists the refused recipients in fields of its
 * own, which a logger would print). The message is what a checkpoint or dead letter records.
 */
export function redactedError(error: unknown): Error & { code?: string; responseCode?: number } {
  const original = error instanceof Error ? error : undefined;
  // Cut before redacting as well, so a huge message costs little; an address cut in two loses its "@" or is redacted.
  const message = redactAddresses((original ? original.message : String(error)).slice(0, MESSAGE_LIMIT * 2)).slice(
    0,
    MESSAGE_LIMIT,
  );
  const redacted: Error & { code?: string; responseCode?: number } = new Error(message);
  redacted.name = original?.name ?? 'Error';
  redacted.stack = original?.stack === undefined ? `${redacted.name}: ${message}` : redactAddresses(original.stack);
  const fields = error as { code?: unknown; responseCode?: unknown } | null | undefined;
  if (typeof fields?.code === 'string') redacted.code = redactAddresses(fields.code);
  if (typeof fields?.responseCode === 'number') redacted.responseCode = fields.responseCode;
  return redacted;
}
