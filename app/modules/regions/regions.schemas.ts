import { z } from 'zod';
import { nl } from '~/i18n/nl.ts';

export const RegionChoiceSchema = z.object({
  region: z.string({ error: nl.region.invalid }).trim().toLowerCase().regex(/^[a-z]{2}$/, nl.region.invalid),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/).optional(),
  redirectTo: z.string().optional(),
});

export const AgeAnswerSchema = z.object({
  answer: z.enum(['yes', 'no']),
  redirectTo: z.string().optional(),
});
