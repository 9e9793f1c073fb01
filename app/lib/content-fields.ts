// Form fields shared by the back office's content editors (blog, FAQ, static pages); Dutch messages.
import { z } from 'zod';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';

const e = contentTexts.errors;

export const rowId = z.coerce.number().int().positive().max(2 ** 31 - 1);
/** A required single-line text, trimmed. */
export const line = (empty: string, max: number) => z.string({ error: empty }).trim().min(1, empty).max(max, e.tooLong(max));
/** A required multi-line text: line endings as the browser sent them become "\n"; only surrounding blank space is trimmed. */
export const text = (empty: string, max: number) =>
  z
    .string({ error: empty })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, empty).max(max, e.tooLong(max)));
/** The updatedAt a form was rendered with (ISO); absent for a new row. */
export const version = z.string().max(40).optional();
export const BODY_MAX = 50_000;
