/** A cart's ETag is its stream version: strong, since the version changes with every change to the cart. */
export const etagOf = (version: number) => `"${version}"`;

/** The version an ETag names (`"3"`, spaces around it allowed); null for anything else, weak tags included. */
export function versionOfEtag(tag: string): number | null {
  const match = /^\s*"(\d{1,9})"\s*$/.exec(tag);
  return match ? Number(match[1]) : null;
}
