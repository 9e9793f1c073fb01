// The export page's form: which file, the period (shop calendar days, the end day included) and the
// order filters. Dutch messages next to each field; nothing here can make the page fail.
import { z } from 'zod';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { orderStatuses, paymentStates } from './order-query.ts';

export const exportKinds = ['orders', 'payments'] as const;
export type ExportKind = (typeof exportKinds)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day: 2026-02-30 is refused, not rolled over to March. */
const isDay = (v: string) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v && v >= '2000-01-01' && v <= '2999-12-31';
const day = (required: string) => z.string({ error: required }).trim().min(1, required).refine(isDay, t.exports.errors.date);

export const exportSchema = z
  .object({
    soort: z.enum(exportKinds, { error: t.exports.errors.kind }),
    van: day(t.exports.errors.fromRequired),
    tot: day(t.exports.errors.toRequired),
    status: z.enum(orderStatuses, { error: t.exports.errors.option }).optional(),
    betaling: z.enum(paymentStates, { error: t.exports.errors.option }).optional(),
  })
  .refine((v) => !isDay(v.van) || !isDay(v.tot) || v.van <= v.tot, { path: ['tot'], message: t.exports.errors.order });

export type ExportForm = z.infer<typeof exportSchema>;
