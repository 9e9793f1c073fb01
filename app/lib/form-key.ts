import { z } from 'zod';

/** The fresh key each money- or stock-moving form carries, so a double click acts once (a UUID). */
export const formKey = z.string().regex(/^[0-9a-f-]{36}$/);

/**
 * A database row's id as a form field sends it: digits only and within a serial column (1 to 2^31-1), so
 * "1e2", "-1" or a huge number is refused as bad input, never a 500.
 */
export const rowId = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));
