/** See peak-rss.mjs. */
export function peakRssMb(pid?: number | 'self'): number | undefined;
