import { z } from 'zod';
import { affiliates } from '~/i18n/nl/affiliates.ts';
import { normaliseIban } from './affiliates.ts';

const t = affiliates.apply.errors;

/** The application of /affiliate-programma; every message in Dutch next to its field. */
export const applicationSchema = z.object({
  website: z
    .string({ error: t.website })
    .trim()
    .max(300, { error: t.website })
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
        } catch {
          return false;
        }
      },
      { error: t.website },
    ),
  promotion: z.string({ error: t.promotion }).trim().min(20, { error: t.promotion }).max(1000, { error: t.promotion }),
  payoutName: z.string({ error: t.payoutName }).trim().min(2, { error: t.payoutName }).max(100, { error: t.payoutName }),
  payoutIban: z.string({ error: t.payoutIban }).transform((v, ctx) => normaliseIban(v) ?? (ctx.addIssue({ code: 'custom', message: t.payoutIban }), z.NEVER)),
  terms: z.literal('on', { error: t.terms }),
});

/** The link builder of /account/affiliate. */
export const linkSchema = z.object({
  target: z.string().trim().max(2000).default('/'),
});
