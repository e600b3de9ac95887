/**
 * A worker thread's task for the export (run by the pool in open-emails.ts): opens a batch of sealed
 * addresses. The batch crosses between threads as three strings rather than arrays of thousands (a
 * third of the export's own thread went to copying those): the keys as one run of hex (64 characters
 * each, as the database encodes them), the sealed addresses joined by newlines (their alphabet has
 * none), the opened addresses back as a JSON array.
 */
import { openPersonal } from '../../domain/personal-seal.ts';

export interface OpenEmailsTask {
  keysHex: string;
  sealed: string;
}

const KEY_BYTES = 32;

export default function openEmails({ keysHex, sealed }: OpenEmailsTask): string {
  const keys = Buffer.from(keysHex, 'hex');
  const opened = sealed.split('\n').map((s, i) => openPersonal(keys.subarray(i * KEY_BYTES, (i + 1) * KEY_BYTES), s));
  return JSON.stringify(opened);
}
