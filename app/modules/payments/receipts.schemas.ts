// The "payment received" form of the order page (ADR 029): euros as staff type them, a date not in the future.
import { z } from 'zod';
import { formKey } from '~/lib/form-key.ts';
import { parseEuroAmount } from '~/lib/money.ts';
import { backoffice } from '~/i18n/nl/backoffice.ts';

const t = backoffice.order.receipt;
export const RECEIPT_NOTE_MAX = 500;

/** Cents to "14,90" for the form's prefilled value. */
export const minorToEuro = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;

export const receiptSchema = (today: string) =>
  z.object({
    intent: z.literal('payment'),
    amount: z
      .string({ error: t.amountInvalid })
      .refine((v) => parseEuroAmount(v) !== null, t.amountInvalid)
      .transform((v) => parseEuroAmount(v)!)
      .refine((n) => n > 0, t.amountZero),
    date: z
      .string({ error: t.dateInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, t.dateInvalid)
      .refine((d) => !Number.isNaN(Date.parse(d)) && d <= today && d >= '2000-01-01', t.dateInvalid),
    note: z.string().trim().max(RECEIPT_NOTE_MAX, t.noteTooLong).optional(),
    key: formKey,
    // The order's version the form was rendered on (ADR 054); missing is another version, refused as such.
    version: z.string().max(64).optional().default(''),
    // Ticked: staff confirm that more came in than was due (an over-payment is booked only then).
    overpaid: z
      .literal('on')
      .optional()
      .transform((v) => v === 'on'),
  });
