// The editable parts of the settings object (logo alt, product filter visibility, categories with icons).
import { z } from 'zod';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { categoryIcons } from '~/lib/settings.ts';

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

/** A host name as a browser writes it (lower case, letters/digits/hyphens per label, a top-level name of letters). */
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** One host name per line (or separated by spaces or commas); an empty list is allowed. */
export const redirectHostsSchema = z.object({
  intent: z.literal('redirectHosts'),
  hosts: z
    .string()
    .max(5000, contentTexts.errors.tooLong(5000))
    .optional()
    .transform((v) => (v ?? '').split(/[\s,]+/).map((h) => h.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean))
    .superRefine((hosts, ctx) => {
      const wrong = hosts.find((h) => !HOST.test(h));
      if (wrong !== undefined) ctx.addIssue({ code: 'custom', message: t.redirectHostInvalid(wrong) });
      else if (hosts.length > 50) ctx.addIssue({ code: 'custom', message: t.redirectHostsTooMany });
    }),
});

export const settingsSchema = z.discriminatedUnion('intent', [logoSchema, filtersSchema, categoriesSchema, redirectHostsSchema]);
export type CategoriesInput = z.output<typeof categoriesSchema>['category'];
