// Forms for the FAQ and the static pages in the back office; parsed on the server, Dutch messages.
import { z } from 'zod';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { BODY_MAX, line, rowId, text, version } from '~/lib/content-fields.ts';

const e = contentTexts.errors;

export const SEARCH_WORDS_MAX = 500;
export const SEARCH_WORD_MAX = 60;

/**
 * Search words for the chat bot, comma separated: stored as "a, b, c" (each trimmed, empty ones dropped), so a
 * stray comma or space is no change. Optional: an entry without them is found by its own words.
 */
function searchWords() {
  return z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(/[,\n]/).map((w) => w.trim().replace(/\s+/g, ' ')).filter(Boolean).join(', '))
    .superRefine((v, ctx) => {
      const long = v.split(', ').find((w) => w.length > SEARCH_WORD_MAX);
      if (long) ctx.addIssue({ code: 'custom', message: e.searchWordTooLong(long.length > 30 ? `${long.slice(0, 29)}…` : long, SEARCH_WORD_MAX) });
      else if (v.length > SEARCH_WORDS_MAX) ctx.addIssue({ code: 'custom', message: e.searchWordsTooLong(SEARCH_WORDS_MAX) });
    });
}

export const faqSchema = z.object({
  id: rowId.optional(),
  question: line(e.question, 300),
  // Shown as text on /faq and quoted by the chat bot.
  answer: text(e.answer, 3000),
  category: line(e.group, 80),
  position: z.coerce.number({ error: e.position }).int(e.position).min(0, e.position).max(999, e.position),
  searchWords: searchWords(),
});
export type FaqInput = z.output<typeof faqSchema>;

export const pageSchema = z.object({
  intent: z.enum(['save', 'preview']).default('save'),
  version,
  title: line(e.title, 200),
  description: text(e.description, 400),
  body: text(e.body, BODY_MAX),
});
export type PageInput = Omit<z.output<typeof pageSchema>, 'intent'>;
