// The forms of /beheer/affiliates: one schema per intent, each about one affiliate (affiliateId).
import { z } from 'zod';
import { formKey } from '~/lib/form-key.ts';
import { backoffice } from '~/i18n/nl/backoffice.ts';

const t = backoffice.affiliates;
/** Kept in step with affiliates.server.ts (the database's check allows 0–50). */
const PERCENT_MAX = 50;
const REFERENCE_MAX = 140;

const affiliateId = z.coerce.number().int().positive().max(2 ** 31 - 1);
/** A whole percentage 0–50; an empty field is an error, not 0. */
const percent = z
  .string({ error: t.percentInvalid })
  .trim()
  .regex(/^\d{1,2}$/, t.percentInvalid)
  .transform(Number)
  .pipe(z.number().max(PERCENT_MAX, t.percentInvalid));

export const affiliateSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), affiliateId, percent }),
  z.object({ intent: z.literal('reject'), affiliateId }),
  z.object({ intent: z.literal('suspend'), affiliateId }),
  z.object({ intent: z.literal('reinstate'), affiliateId }),
  z.object({ intent: z.literal('percent'), affiliateId, percent }),
  z.object({
    intent: z.literal('payout'),
    affiliateId,
    key: formKey,
    currency: z.string().regex(/^[A-Z]{3}$/),
    amountMinor: z.coerce.number().int().positive().max(2 ** 31 - 1),
    reference: z.string({ error: t.referenceEmpty }).trim().min(1, t.referenceEmpty).max(REFERENCE_MAX, t.referenceTooLong),
  }),
]);
