import { openPersonal } from '../../domain/personal-seal.ts';

/**
 * What a key opens, or undefined: a key that no longer opens the text is a later sign-up's (this
 * one's owner was forgotten and came back), so there is no one to write to.
 */
export function openOrUndefined(key: Buffer, sealed: string): string | undefined {
  try {
    return openPersonal(key, sealed);
  } catch {
    return undefined;
  }
}
