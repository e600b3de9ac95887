import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * The address's protection: AES-256-GCM with a key per subscriber (delete the key and every copy of
 * the ciphertext is noise), and an HMAC-SHA-256 of the normalised address under the shop's lookup key
 * to name the subscriber without writing the address.
 */
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const FORMAT = 'a1';

export const newDataKey = (): Buffer => randomBytes(32);

/** `a1.<iv>.<tag>.<ciphertext>`, base64url parts: the prefix names the scheme so it can change later. */
export function encryptEmail(key: Buffer, email: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const body = Buffer.concat([cipher.update(email, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptEmail(key: Buffer, sealed: string): string {
  const [format, iv, tag, body] = sealed.split('.');
  if (format !== FORMAT || !iv || !tag || body === undefined) throw new Error('not an encrypted address');
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The subscriber's id: stable for an address, meaningless without the lookup key. */
export const subscriberIdOf = (lookupKey: Buffer, normalisedEmail: string): string => createHmac('sha256', lookupKey).update(normalisedEmail).digest('base64url');
