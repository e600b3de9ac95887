import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * How personal data is kept (an address, an order's name and delivery details): sealed with
 * AES-256-GCM under a key per customer (delete the key and every copy of the ciphertext is noise),
 * and the customer named by an HMAC-SHA-256 of the normalised address under the shop's lookup key,
 * never by the address itself.
 */
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const FORMAT = 'a1';

export const newDataKey = (): Buffer => randomBytes(32);

/** `a1.<iv>.<tag>.<ciphertext>`, base64url parts: the prefix names the scheme so it can change later. */
export function sealPersonal(key: Buffer, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

/**
 * The sealed parts are decoded into one scratch buffer (not a Buffer each): an export opens a million
 * addresses, and each one's small allocations cost more in garbage collection than the parsing.
 */
let scratch = Buffer.allocUnsafe(1024);

export function openPersonal(key: Buffer, sealed: string): string {
  const ivAt = sealed.indexOf('.') + 1;
  const tagAt = sealed.indexOf('.', ivAt) + 1;
  const bodyAt = sealed.indexOf('.', tagAt) + 1;
  if (
    sealed.slice(0, ivAt) !== `${FORMAT}.` ||
    tagAt <= ivAt + 1 ||
    bodyAt <= tagAt + 1 ||
    sealed.indexOf('.', bodyAt) !== -1
  )
    throw new Error('not sealed personal data');
  // base64url decodes to at most three bytes per four characters.
  if (scratch.length < sealed.length) scratch = Buffer.allocUnsafe(sealed.length);
  const ivEnd = scratch.write(sealed.slice(ivAt, tagAt - 1), 0, 'base64url');
  const tagEnd = ivEnd + scratch.write(sealed.slice(tagAt, bodyAt - 1), ivEnd, 'base64url');
  const bodyEnd = tagEnd + scratch.write(sealed.slice(bodyAt), tagEnd, 'base64url');
  const decipher = createDecipheriv(ALGORITHM, key, scratch.subarray(0, ivEnd));
  decipher.setAuthTag(scratch.subarray(ivEnd, tagEnd));
  const opened = decipher.update(scratch.subarray(tagEnd, bodyEnd));
  // GCM's final() checks the tag and adds no bytes.
  decipher.final();
  return opened.toString('utf8');
}

/** The subscriber's id: stable for an address, meaningless without the lookup key. */
export const subscriberIdOf = (lookupKey: Buffer, normalisedEmail: string): string =>
  createHmac('sha256', lookupKey).update(normalisedEmail).digest('base64url');
