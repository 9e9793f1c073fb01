// The editable parts of the settings object (logo alt, product filter visibility, categories with icons).
import { z } from 'zod';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { categoryIcons } from './settings.ts';

const t = contentTexts.settings;

export const logoSchema = z.object({
  intent: z.literal('logo'),
  logoAlt: z.string({ error: t.logoAltEmpty }).trim().min(1, t.logoAltEmpty).max(150, contentTexts.errors.tooLong(150)),
});

/** "group:filter" per ticked box; a single tick arrives as a string. */
export const filtersSchema = z.object({
  intent: z.literal('filters'),
  visible: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.string().max(200)).max(500)),
});

const categoryRow = z.object({
  name: z.string({ error: contentTexts.errors.name }).trim().min(1, contentTexts.errors.name).max(60, contentTexts.errors.tooLong(60)),
  icon: z.union([z.enum(categoryIcons), z.literal('none')], { error: t.iconUnknown }).default('none'),
});

/** One entry per collection, keyed by its slug: `category.<slug>.name`, `category.<slug>.icon`. */
export const categoriesSchema = z.object({
  intent: z.literal('categories'),
  category: z.record(z.string().regex(/^[a-z0-9-]{1,100}$/), categoryRow),
});

export const settingsSchema = z.discriminatedUnion('intent', [logoSchema, filtersSchema, categoriesSchema]);
export type CategoriesInput = z.output<typeof categoriesSchema>['category'];
