import type { HeadersFunction } from 'react-router';

/**
 * For pages that show one visitor's data (cart, checkout, an order, a payment): never stored by a
 * cache, neither ours (server/page-cache.ts) nor a proxy's. The root's headers (its flash cookie) stay.
 */
export const privatePageHeaders: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
};
