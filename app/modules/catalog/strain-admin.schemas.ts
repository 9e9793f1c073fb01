// The back office's strain form (/beheer/catalogus): every field of SPEC §3 that staff write. Popularity and
// ratings are derived (orders, reviews); packs, stock and prices have their own page.
import { z } from 'zod';
import { formKey } from '~/lib/form-key.ts';
import { CLIMATES, DIFFICULTIES as difficulties, FLOWERINGS, GENOTYPES as genotypes, GROW_SETTINGS as growSettings, PRODUCT_STATUSES as productStatuses, SEXES, STRAIN_TYPES as strainTypes } from './strain-fields.ts';
import { catalogueAdmin } from '~/i18n/nl/backoffice-catalogue.ts';

const t = catalogueAdmin.errors;

export { CLIMATES };
export const RELATED_MAX = 6;
export const SLUG_MAX = 100;
const LIST_ITEMS = 20;
const LIST_ITEM_LENGTH = 40;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const text = (max: number) => z.string({ error: t.required }).trim().min(1, t.required).max(max, t.tooLong(max));

const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: t.choice });

/** A whole number in a range; the message names the range. */
const whole = (min: number, max: number) =>
  z
    .string({ error: t.number(min, max) })
    .trim()
    .regex(/^\d{1,6}$/, t.number(min, max))
    .transform(Number)
    .refine((n) => n >= min && n <= max, t.number(min, max));

/** "21,5" or "21.5" → 215 (tenths, like money in minor units). */
const percent = (max: number) =>
  z
    .string({ error: t.percent(max) })
    .trim()
    .regex(/^\d{1,3}(?:[.,]\d)?$/, t.percent(max))
    .transform((v) => Math.round(Number(v.replace(',', '.')) * 10))
    .refine((n) => n <= max * 10, t.percent(max));

/** A comma-separated list: trimmed, empty items and repeats left out. */
const list = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const items = [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((x) => x.trim().replace(/\s+/g, ' '))
          .filter(Boolean),
      ),
    ];
    if (items.length > LIST_ITEMS || items.some((x) => x.length > LIST_ITEM_LENGTH)) {
      ctx.addIssue({
        code: 'custom',
        message: t.list(LIST_ITEMS, LIST_ITEM_LENGTH),
      });
      return z.NEVER;
    }
    return items;
  });

/** Checkbox values from a fixed list. */
const picks = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { error: t.choice }), { error: t.choice })
    .default([])
    .transform((v) => [...new Set(v)]);

const id = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, t.unknownStrain)
  .transform(Number);

export const strainSchema = z
  .object({
    name: text(100),
    slug: z.string().trim().toLowerCase().max(SLUG_MAX, t.tooLong(SLUG_MAX)).regex(SLUG_PATTERN, t.slug).optional(),
    breeder: text(100),
    genetics: text(200),
    lineage: list,
    flowering: choice(FLOWERINGS),
    sex: choice(SEXES),
    type: choice(strainTypes),
    indicaPercent: whole(0, 100),
    genotype: choice(genotypes),
    thc: percent(40),
    cbd: percent(40),
    cbg: percent(40),
    yieldIndoor: whole(0, 2000),
    yieldOutdoor: whole(0, 5000),
    heightIndoor: whole(10, 600),
    heightOutdoor: whole(10, 800),
    floweringDaysMin: whole(20, 200),
    floweringDaysMax: whole(20, 200),
    difficulty: choice(difficulties),
    climates: picks(CLIMATES).refine((v) => v.length > 0, t.climates),
    growSettings: picks(growSettings),
    flavours: list,
    terpenes: list,
    effects: list,
    summary: text(300),
    description: text(5000),
    collections: z
      .array(z.string().regex(SLUG_PATTERN, t.unknownCollection), {
        error: t.unknownCollection,
      })
      .default([])
      .transform((v) => [...new Set(v)]),
    // One select per place; an empty select is left out, the order is kept.
    related: z
      .array(z.string().optional(), { error: t.unknownStrain })
      .default([])
      .transform((values, ctx) => {
        const chosen = values.map((v) => (v ?? '').trim()).filter(Boolean);
        if (chosen.length > RELATED_MAX || chosen.some((v) => !/^[1-9]\d{0,9}$/.test(v))) {
          ctx.addIssue({ code: 'custom', message: t.unknownStrain });
          return z.NEVER;
        }
        if (new Set(chosen).size !== chosen.length) {
          ctx.addIssue({ code: 'custom', message: t.relatedTwice });
          return z.NEVER;
        }
        return chosen.map(Number);
      }),
    counterpart: id.optional(),
    status: choice(productStatuses),
    /** The revision the form was made from (edit) — see saveStrain. */
    revision: z.coerce.number().int().min(0).optional(),
    /** The new-strain form's key (create). */
    key: formKey.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.floweringDaysMax < v.floweringDaysMin)
      ctx.addIssue({
        code: 'custom',
        path: ['floweringDaysMax'],
        message: t.floweringRange,
      });
  });

export type StrainInput = z.output<typeof strainSchema>;

/** "Northern Lights Auto #5" → "northern-lights-auto-5"; accents folded, at most SLUG_MAX characters. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

export const STRAIN_LIST_PAGE_SIZE = 50;
export const strainListQuery = z.object({
  q: z.string().trim().max(100).catch(''),
  status: z.enum(productStatuses).optional().catch(undefined),
  type: z.enum(strainTypes).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type StrainListQuery = z.output<typeof strainListQuery>;
