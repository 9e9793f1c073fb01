// Forms of the blog editor (/beheer/inhoud): parsed on the server with Conform's parseWithZod; Dutch messages.
import { z } from 'zod';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { BODY_MAX, line, rowId, text, version } from '~/lib/content-fields.ts';
import { shopDateTime } from '~/lib/periods.ts';
import { postStates, SLUG } from './blog-admin.ts';

const e = contentTexts.errors;

export { BODY_MAX, line, rowId, text, version };

const pickId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2 ** 31 - 1, message);

export const slug = z.string({ error: e.slug }).trim().max(100, e.tooLong(100)).regex(SLUG, e.slug);

export const postSchema = z.object({
  intent: z.enum(['save', 'preview']).default('save'),
  id: rowId.optional(),
  version,
  title: line(e.title, 200),
  slug,
  excerpt: text(e.excerpt, 400),
  body: text(e.body, BODY_MAX),
  authorId: pickId(e.author),
  categoryId: pickId(e.category),
  status: z.enum(postStates, { error: e.status }),
  publishAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, e.publishAt)
    .refine((v) => !Number.isNaN(shopDateTime(v).getTime()), e.publishAt)
    .transform(shopDateTime)
    .optional(),
});
export type PostInput = Omit<z.output<typeof postSchema>, 'intent'>;

export const authorSchema = z.object({
  id: rowId.optional(),
  version,
  name: line(e.name, 100),
  slug,
  role: line(e.role, 100),
  bio: text(e.bio, 3000),
  expertise: z
    .string()
    .max(500, e.tooLong(500))
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
});
export type AuthorInput = z.output<typeof authorSchema>;

export const categorySchema = z.object({
  id: rowId.optional(),
  version,
  name: line(e.name, 60),
  slug,
  description: text(e.description, 300),
  position: z.coerce.number({ error: e.position }).int(e.position).min(0, e.position).max(999, e.position),
});
export type CategoryInput = z.output<typeof categorySchema>;
