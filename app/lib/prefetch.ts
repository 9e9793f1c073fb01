// SPEC §8: prefetch at most about 5 routes at once, and none on a save-data or 2g connection.

type Connection = { saveData?: boolean; effectiveType?: string };

/**
 * The `prefetch` mode for links to pages a shopper is likely to open next (product cards, the main
 * menu). "intent" fetches a page's code and data only for the link being pointed at or focused, so at
 * most one or two routes load at once; the server render says "none", which renders the same markup.
 */
export function prefetchMode(): 'intent' | 'none' {
  if (typeof navigator === 'undefined') return 'none';
  const c = (navigator as Navigator & { connection?: Connection }).connection;
  if (c?.saveData || c?.effectiveType === '2g' || c?.effectiveType === 'slow-2g') return 'none';
  return 'intent';
}
