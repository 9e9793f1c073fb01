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

/** Fields `<prefix>-<line index>` with a non-empty value of at most `max` characters. */
function perLine(form: FormData, prefix: string, max: number): Map<number, string> {
  const found = new Map<number, string>();
  const pattern = new RegExp(`^${prefix}-(\\d{1,5})$`);
  for (const [name, value] of form) {
    const m = pattern.exec(name);
    const v = typeof value === 'string' ? value.trim() : '';
    if (m && v && v.length <= max) found.set(Number(m[1]), v);
  }
  return found;
}

/**
 * Staff's choices per line: `kies-<line index>` holds an order number (ambiguous lines), "<number>~<version>"
 * (an unmatched line assigned) or "-" (not for an order), `notitie-<line index>` the note for the last.
 */
export function picksFrom(form: FormData): Map<number, string> {
  return perLine(form, 'kies', 80);
}

export const NOTE_MAX = 500;

export function notesFrom(form: FormData): Map<number, string> {
  return perLine(form, 'notitie', NOTE_MAX);
}

/** The lines marked "not for an order" without a note (or with one that is too long): their Dutch message. */
export function noteErrors(form: FormData, picks: Map<number, string>, notes: Map<number, string>): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const [index, pick] of picks) {
    if (pick !== '-' || notes.has(index)) continue;
    const raw = form.get(`notitie-${index}`);
    errors[index] = typeof raw === 'string' && raw.trim().length > NOTE_MAX ? t.assign.noteLong(NOTE_MAX) : t.assign.noteMissing;
  }
  return errors;
}
