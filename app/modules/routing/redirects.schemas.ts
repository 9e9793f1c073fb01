// The redirect form of the back office; the rules themselves are checked by redirectProblem (routing.ts).
import { z } from 'zod';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';

const p = contentTexts.redirects.problems;

export const redirectSchema = z.object({
  fromPath: z.string({ error: p.path }).trim().min(1, p.path).max(300, contentTexts.errors.tooLong(300)),
  target: z.string({ error: p.target }).trim().min(1, p.target).max(2000, contentTexts.errors.tooLong(2000)),
  status: z.coerce.number({ error: p.status }).pipe(z.union([z.literal(301), z.literal(302)], { error: p.status })),
});
