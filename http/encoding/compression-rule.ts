/**
 * Which responses are worth compressing: one rule for the build (scripts/compress-assets.ts writes
 * the hashed assets' .br and .gz copies) and the server (pages and assets it encodes itself).
 */

/** Text types; images and fonts are compressed formats already. */
export const COMPRESSIBLE_TYPES: ReadonlySet<string> = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg']);

/** Below this a response is sent as it is: compression would not pay for its header. */
export const MIN_COMPRESSIBLE_BYTES = 1024;
