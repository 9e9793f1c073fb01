// The back office's order action forms, checked on the server (parseWithZod). One schema per intent.
import { z } from 'zod';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { addressSchema } from '~/lib/addresses.schemas.ts';
import { resendableOrderMails } from '~/modules/mail/mail.ts';
import { formKey } from '~/lib/form-key.ts';
import { parseEuroAmount } from '~/lib/money.ts';
import { normaliseTracking, TRACKING_CODE } from '~/modules/orders/order-actions.ts';

const e = backoffice.actions.errors;
/** A fresh key per rendered form (crypto.randomUUID): the same submit twice is one action. */
const reason = z.string().trim().max(200, e.reasonTooLong).optional().default('');
/**
 * The order's version the form was rendered on (ADR 054). Missing or mangled is simply another version: the
 * action refuses it with the "changed meanwhile" message and the fresh page, never acts on it.
 */
export const formVersion = z.string().max(64).optional().default('');

export const shipSchema = z
  .object({
    key: formKey,
    version: formVersion,
    carrier: z.enum(['tracked_parcel', 'regular_post']),
    trackingCode: z.string().max(60, e.tracking).optional().default('').transform(normaliseTracking),
    trackingUrl: z
      .string()
      .trim()
      .max(300, e.trackingUrl)
      .regex(/^https:\/\/\S+$/, e.trackingUrl)
      .optional(),
    // qty.<order line id>: how many of that line go in this parcel (empty is none).
    qty: z
      .record(z.string().regex(/^\d{1,9}$/), z.coerce.number({ error: e.quantity }).int(e.quantity).min(0, e.quantity).max(100_000, e.quantity).optional())
      .optional()
      .default({}),
  })
  .superRefine((v, ctx) => {
    if (v.trackingCode ? !TRACKING_CODE.test(v.trackingCode) : v.carrier === 'tracked_parcel') ctx.addIssue({ code: 'custom', message: e.tracking, path: ['trackingCode'] });
  });

export const cancelSchema = z.object({ key: formKey, version: formVersion, confirm: z.literal('on', { error: e.confirm }), reason });

export const refundSchema = z.object({
  key: formKey,
  version: formVersion,
  // Empty: everything that is left.
  amount: z
    .string()
    .max(20, e.amount)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const minor = parseEuroAmount(v);
      if (minor === null || minor <= 0) {
        ctx.addIssue({ code: 'custom', message: e.amount });
        return z.NEVER;
      }
      return minor;
    }),
  // "Terugbetalen als tegoed" (ADR 073): only when the customer asked for it; money back is the default.
  to: z.enum(['money', 'credit'], { error: e.refundTo }).default('money'),
  reason,
});

export const resendSchema = z.object({ key: formKey, template: z.enum(resendableOrderMails, { error: e.template }) });

export const addressChangeSchema = z.object({ key: formKey, version: formVersion, address: addressSchema });

export const reviewAcceptSchema = z.object({ key: formKey, version: formVersion, paymentId: z.coerce.number().int().positive().max(2_147_483_647) });
export const reviewRefundSchema = reviewAcceptSchema.extend({ reason });
