import type { Db } from '~/db/client.server.ts';
import { invalidate } from './cache.server.ts';

// The catalogue snapshot's cache key. Every module whose writes change what the shop's pages show (reviews,
// images, settings, promotions, customers) drops it here, without importing the catalogue itself.
export const CATALOGUE_KEY = 'catalogue';

/** A cache entry derived from the catalogue: dropped together with it. */
export const catalogueKey = (part: string) => `${CATALOGUE_KEY}:${part}`;

export function invalidateCatalogue(db: Db) {
  invalidate(db, CATALOGUE_KEY);
}
