// The forms of the germination guarantee, validated on the server with Dutch messages (ADR 074). The numbers'
// bounds that depend on the line and the shop's rules are checked after this (checkClaimNumbers).
import { z } from 'zod';
import { claims as t } from '~/i18n/nl/claims.ts';
import { CLAIM_NOTE_MAX, CLAIM_REASON_MAX, germinationMethods, WINDOW_DAYS_MAX } from './claims.ts';

const id = z.coerce.number().int().positive().max(2 ** 31 - 1);
const count = (message: string) => z.coerce.number({ error: message }).int(t.errors.number).min(1, message).max(10_000, message);

export const claimSchema = z.object({
  lineId: id,
  seedsSown: count(t.errors.seedsSown),
  seedsFailed: count(t.errors.seedsFailed),
  method: z.enum(germinationMethods, { error: t.errors.method }),
  note: z.string().trim().max(CLAIM_NOTE_MAX, t.errors.noteTooLong(CLAIM_NOTE_MAX)).default(''),
});
export type ClaimInput = z.output<typeof claimSchema>;

export const claimIdSchema = id;

export const rejectSchema = z.object({
  reason: z.string({ error: t.staff.reject.empty }).trim().min(1, t.staff.reject.empty).max(CLAIM_REASON_MAX, t.staff.reject.tooLong(CLAIM_REASON_MAX)),
});

const rulesT = t.staff.rules;
export const rulesSchema = z.object({
  windowDays: z.coerce.number({ error: rulesT.windowInvalid }).int(rulesT.windowInvalid).min(1, rulesT.windowInvalid).max(WINDOW_DAYS_MAX, rulesT.windowInvalid),
  minFailedSeeds: z.coerce.number({ error: rulesT.minInvalid }).int(rulesT.minInvalid).min(1, rulesT.minInvalid).max(100, rulesT.minInvalid),
  // A checkbox: present ('on') or absent.
  excludeFree: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
  excludedPackIds: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.coerce.number({ error: rulesT.packInvalid }).int(rulesT.packInvalid).positive(rulesT.packInvalid).max(2 ** 31 - 1, rulesT.packInvalid)).max(500)),
});
