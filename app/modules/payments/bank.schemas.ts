// The bank page's forms (ADR 029): the upload with its CSV column mapping, and the booking of a previewed statement.
import { z } from 'zod';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import type { CsvMapping } from './bank-statement.ts';

const t = backoffice.bank;
const column = z.string().trim().max(100).optional();

export const uploadSchema = z
  .object({
    intent: z.literal('upload'),
    file: z.instanceof(File, { error: t.errors.file }).refine((f) => f.size > 0 || f.name !== '', t.errors.file),
    preset: z.enum(['ing', 'rabobank', 'custom']).default('ing'),
    date: column,
    dateFormat: z.enum(['yyyymmdd', 'yyyy-mm-dd', 'dd-mm-yyyy']).default('yyyymmdd'),
    amount: column,
    decimal: z.enum([',', '.']).default(','),
    direction: column,
    creditValue: column,
    name: column,
    description: column,
    reference: column,
    account: column,
    currency: column,
  })
  .superRefine((v, ctx) => {
    if (v.preset !== 'custom') return;
    for (const key of ['date', 'amount', 'description'] as const) if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: t.errors.column });
  });

export type UploadForm = z.infer<typeof uploadSchema>;

/** The custom mapping from the form's fields. */
export const mappingFrom = (v: UploadForm): CsvMapping => ({
  date: v.date ?? '',
  dateFormat: v.dateFormat,
  amount: v.amount ?? '',
  decimal: v.decimal,
  direction: v.direction ?? '',
  creditValue: v.creditValue ?? '',
  name: v.name ?? '',
  description: v.description ?? '',
  reference: v.reference ?? '',
  account: v.account ?? '',
  currency: v.currency ?? '',
});

export const bookSchema = z.object({
  intent: z.literal('book'),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});

/** Staff's picks for ambiguous lines: fields `kies-<line index>` holding an order number. */
export function picksFrom(form: FormData): Map<number, string> {
  const picks = new Map<number, string>();
  for (const [name, value] of form) {
    const m = /^kies-(\d{1,5})$/.exec(name);
    if (m && typeof value === 'string' && value && value.length <= 40) picks.set(Number(m[1]), value);
  }
  return picks;
}
