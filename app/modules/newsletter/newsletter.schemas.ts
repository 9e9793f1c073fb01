import { z } from 'zod';
import { newsletter as t } from '~/i18n/nl/newsletter.ts';

const NEWSLETTER_SOURCES = ['footer', 'home', 'page'] as const;

export const newsletterSchema = z.object({
  email: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.email(t.invalidEmail).max(254, t.invalidEmail)),
  source: z.enum(NEWSLETTER_SOURCES).catch('page'),
  redirectTo: z.string().optional(),
});
