// The staff's credit adjustment on the customer page (ADR 073): a signed amount, the currency, a reason.
import { z } from 'zod';
import { credit as t } from '~/i18n/nl/credit.ts';
import { formKey } from '~/lib/form-key.ts';
import { CURRENCIES, parseEuroAmount } from '~/lib/money.ts';

export const CREDIT_REASON_MAX = 200;
const e = t.adjust.errors;

/** "12,50" or "+12,50" adds, "-12,50" (or "−12,50") takes off; null when it is no amount or zero. */
export function parseSignedAmount(text: string): number | null {
  const m = /^\s*([+\-−]?)\s*(.*)$/.exec(text);
  const minor = parseEuroAmount(m![2]!);
  if (minor === null || minor === 0) return null;
  return m![1] === '-' || m![1] === '−' ? -minor : minor;
}

export const creditAdjustSchema = z.object({
  intent: z.literal('credit'),
  key: formKey,
  amount: z
    .string({ error: e.amount })
    .max(20, e.amount)
    .transform((v, ctx) => {
      const minor = parseSignedAmount(v);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: e.amount });
        return z.NEVER;
      }
      return minor;
    }),
  currency: z.enum(CURRENCIES, { error: e.currency }),
  // The newest ledger entry the page showed (0: none), checked under the balance's lock.
  shown: z.coerce.number({ error: e.amount }).int().min(0),
  reason: z.string({ error: e.reason }).trim().min(1, e.reason).max(CREDIT_REASON_MAX, e.reasonTooLong(CREDIT_REASON_MAX)),
});
