// The coupon, batch and promotion forms of the back office (ADR 035), checked on the server (parseWithZod).
// Empty fields arrive as undefined. Amounts are typed in euros; the other currencies follow the shop's rates.
import { z } from 'zod';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { couponKinds } from '~/lib/db-enums.ts';
import { BATCH_MAX, DESCRIPTION_MAX, isDay, NAME_MAX } from './coupons.ts';
import { formKey } from '~/lib/form-key.ts';
import { parseEuroAmount } from '~/lib/money.ts';

const e = backoffice.coupons.errors;

const euros = (message: string) =>
  z
    .string()
    .max(20, message)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return null;
      const minor = parseEuroAmount(v);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return minor;
    });
const day = z
  .string()
  .optional()
  .refine((v) => v === undefined || isDay(v), e.day)
  .transform((v) => v ?? null);
const limit = z.coerce.number({ error: e.limit }).int(e.limit).min(1, e.limit).max(1_000_000, e.limit).optional().transform((v) => v ?? null);
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === 'on');
/** The moment the form was read (updatedAt): a save on an older read is refused. */
const version = z.string().datetime({ offset: true });

/** What a coupon gives and when: shared by the single coupon and the batch. */
const rules = {
  kind: z.enum(couponKinds, { error: e.kind }),
  percent: z.coerce.number({ error: e.percent }).int(e.percent).min(1, e.percent).max(100, e.percent).optional(),
  amount: euros(e.amount),
  minOrder: euros(e.minOrder),
  validFrom: day,
  validUntil: day,
  combinesWithPromotions: checkbox,
  description: z.string().trim().max(DESCRIPTION_MAX, e.descriptionTooLong(DESCRIPTION_MAX)).optional().default(''),
};

type Rules = { kind: string; percent?: number; amount: number | null; validFrom: string | null; validUntil: string | null };
function checkRules(v: Rules, ctx: z.RefinementCtx) {
  if (v.kind === 'percent' && v.percent === undefined) ctx.addIssue({ code: 'custom', message: e.percent, path: ['percent'] });
  if (v.kind === 'fixed' && v.amount === null) ctx.addIssue({ code: 'custom', message: e.amount, path: ['amount'] });
  if (v.kind === 'fixed' && v.amount === 0) ctx.addIssue({ code: 'custom', message: e.amountZero, path: ['amount'] });
  if (v.validFrom && v.validUntil && v.validUntil < v.validFrom) ctx.addIssue({ code: 'custom', message: e.untilBeforeFrom, path: ['validUntil'] });
}

const couponFields = z.object({
  ...rules,
  usageLimit: limit,
  perCustomerLimit: limit,
  isPublic: checkbox,
});
const checkCoupon = (v: z.infer<typeof couponFields>, ctx: z.RefinementCtx) => {
  checkRules(v, ctx);
  if (v.isPublic && !v.description) ctx.addIssue({ code: 'custom', message: e.descriptionRequired, path: ['description'] });
};

export const newCouponSchema = couponFields
  .extend({
    code: z
      .string({ error: e.code })
      .trim()
      .transform((c) => c.toUpperCase())
      .pipe(
        z
          .string()
          .regex(/^[A-Z0-9][A-Z0-9-]{2,39}$/, e.code)
          // The addresses of the new-code and batch pages (/beheer/kortingscodes/nieuw, /reeks).
          .refine((c) => c !== 'NIEUW' && c !== 'REEKS', e.codeTaken),
      ),
  })
  .superRefine(checkCoupon);
export const editCouponSchema = couponFields.extend({ version }).superRefine(checkCoupon);
export type CouponInput = z.infer<typeof couponFields>;

const b = backoffice.batch.errors;
export const batchSchema = z
  .object({
    ...rules,
    key: formKey,
    prefix: z
      .string({ error: b.prefix })
      .trim()
      .transform((c) => c.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{2,12}$/, b.prefix)),
    count: z.coerce.number({ error: b.count }).int(b.count).min(1, b.count).max(BATCH_MAX, b.count),
  })
  .superRefine(checkRules);
export type BatchInput = z.infer<typeof batchSchema>;

const p = backoffice.promotions.errors;
const promotionFields = z.object({
  name: z.string({ error: p.name }).trim().min(1, p.name).max(NAME_MAX, p.name),
  packId: z.coerce.number({ error: p.pack }).int(p.pack).positive(p.pack).max(2 ** 31 - 1, p.pack),
  quantity: z.coerce.number({ error: p.quantity }).int(p.quantity).min(1, p.quantity).max(10, p.quantity),
  threshold: z
    .string({ error: p.threshold })
    .max(20, p.threshold)
    .transform((v, ctx) => {
      const minor = parseEuroAmount(v);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: p.threshold });
        return z.NEVER;
      }
      return minor;
    }),
  validFrom: day,
  validUntil: day,
});
const checkPromotion = (v: { validFrom: string | null; validUntil: string | null }, ctx: z.RefinementCtx) => {
  if (v.validFrom && v.validUntil && v.validUntil < v.validFrom) ctx.addIssue({ code: 'custom', message: e.untilBeforeFrom, path: ['validUntil'] });
};
export const newPromotionSchema = promotionFields.superRefine(checkPromotion);
export const editPromotionSchema = promotionFields.extend({ version }).superRefine(checkPromotion);
export type PromotionInput = z.infer<typeof promotionFields>;
