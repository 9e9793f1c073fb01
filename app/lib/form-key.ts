import { z } from 'zod';

/** The fresh key each money- or stock-moving form carries, so a double click acts once (a UUID). */
export const formKey = z.string().regex(/^[0-9a-f-]{36}$/);
