// The stock and price forms of the back office, checked on the server (parseWithZod). One schema per form.
import { z } from 'zod';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { CURRENCIES } from './pack-pricing.ts';
import { formReasons, MAX_LOW_STOCK, MAX_PERCENT_BP, MAX_PRICE_MINOR, MAX_STOCK, MIN_PERCENT_BP, parsePercent, parsePrice, roundings, STOCK_NOTE_MAX } from './stock.ts';

const e = backoffice.stock.errors;
/** A fresh key per rendered form (crypto.randomUUID): the same submit twice is one change. */
import { formKey } from '~/lib/form-key.ts';
const packId = z.coerce.number().int().positive().max(2_147_483_647);

/** "25", "+25", "-3" or "−3" (the typographic minus a phone keyboard may give) to an integer. */
const signedInteger = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      const m = /^([+\-−]?)\s*(\d{1,7})$/.exec(v);
      if (!m) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return (m[1] === '-' || m[1] === '−' ? -1 : 1) * Number(m[2]);
    });

export const stockChangeSchema = z
  .object({
    key: formKey,
    packId,
    basis: z.coerce.number().int().min(0).max(MAX_STOCK),
    mode: z.enum(['count', 'delta']),
    amount: signedInteger(e.amount),
    reason: z.enum(formReasons, { error: e.reason }),
    note: z
      .string()
      .trim()
      .max(STOCK_NOTE_MAX, e.noteTooLong)
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'count' && (v.amount < 0 || v.amount > MAX_STOCK)) ctx.addIssue({ code: 'custom', message: e.count, path: ['amount'] });
    if (v.mode === 'delta' && (v.amount === 0 || Math.abs(v.amount) > MAX_STOCK)) ctx.addIssue({ code: 'custom', message: e.delta, path: ['amount'] });
  });

/** A price field: empty leaves the price as it is. */
const priceField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined;
    const minor = parsePrice(v);
    if (minor === null || minor <= 0 || minor > MAX_PRICE_MINOR) {
      ctx.addIssue({ code: 'custom', message: e.price });
      return z.NEVER;
    }
    return minor;
  });

export const packSettingsSchema = z.object({
  packId,
  threshold: z.coerce.number({ error: e.threshold }).int(e.threshold).min(0, e.threshold).max(MAX_LOW_STOCK, e.threshold),
  prices: z.object(Object.fromEntries(CURRENCIES.map((c) => [c, priceField])) as Record<(typeof CURRENCIES)[number], typeof priceField>).optional(),
});

const percent = z.string({ error: e.percent }).transform((v, ctx) => {
  const bp = parsePercent(v);
  if (bp === null || bp < MIN_PERCENT_BP || bp > MAX_PERCENT_BP || bp === 0) {
    ctx.addIssue({ code: 'custom', message: e.percent });
    return z.NEVER;
  }
  return bp;
});

/** The bulk form (its filter fields are read with readStockQuery); `fingerprint` only when applying. */
export const bulkSchema = z.object({
  intent: z.enum(['preview', 'apply']),
  percent,
  rounding: z.enum(roundings),
  currencies: z.array(z.enum(CURRENCIES)).optional().default([]),
  key: formKey.optional(),
  fingerprint: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

export const importCheckSchema = z.object({ intent: z.literal('check'), file: z.instanceof(File, { error: e.file }).refine((f) => f.size > 0, e.file) });
export const importConfirmSchema = z.object({ intent: z.literal('confirm'), key: formKey, text: z.string().min(1).max(2 * 1024 * 1024), fileName: z.string().max(200).default('') });
