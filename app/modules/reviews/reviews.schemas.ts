import { z } from 'zod';
import { rowId } from '~/lib/form-key.ts';
import { reviews as t } from '~/i18n/nl/reviews.ts';

// The review form, parsed by the action; the page shows its Dutch messages next to the fields (ADR 023).
// The length limits live in reviews.ts, free of Zod, for the page in the browser.
import { BODY_MAX, BODY_MIN, TITLE_MAX, TITLE_MIN } from './reviews.ts';


/** Line breaks normalised, runs of blank lines collapsed, spaces trimmed: what is stored and shown as text. */
const tidy = (v: string) =>
  v
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export const reviewFormSchema = z.object({
  rating: z
    .string({ error: t.errors.rating })
    .regex(/^[1-5]$/, t.errors.rating)
    .transform(Number),
  title: z
    .string({ error: t.errors.title })
    .transform((v) => tidy(v).replace(/\n/g, ' '))
    .pipe(z.string().min(1, t.errors.title).min(TITLE_MIN, t.errors.titleShort(TITLE_MIN)).max(TITLE_MAX, t.errors.titleLong(TITLE_MAX))),
  body: z
    .string({ error: t.errors.body })
    .transform(tidy)
    .pipe(z.string().min(1, t.errors.body).min(BODY_MIN, t.errors.bodyShort(BODY_MIN)).max(BODY_MAX, t.errors.bodyLong(BODY_MAX))),
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;

// The "Nuttig" button's input. A tampered id is refused, never a 500.
const helpfulVoteSchema = z.object({
  reviewId: rowId,
});

export function parseHelpfulForm(form: FormData): number | null {
  const value = form.get('reviewId');
  const parsed = helpfulVoteSchema.safeParse({ reviewId: typeof value === 'string' ? value : undefined });
  return parsed.success ? parsed.data.reviewId : null;
}
