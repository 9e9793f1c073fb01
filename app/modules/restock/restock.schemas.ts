import { z } from 'zod';
import { restock as t } from '~/i18n/nl/restock.ts';

/** The form on a sold-out pack: the e-mail may stay empty for a logged-in customer (their account's address). */
export const restockSchema = z.object({
  pack: z.coerce.number(t.invalidPack).int(t.invalidPack).positive(t.invalidPack).max(2_147_483_647, t.invalidPack),
  email: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.union([z.literal(''), z.email(t.invalidEmail).max(254, t.invalidEmail)]).optional()),
  redirectTo: z.string().optional(),
});
