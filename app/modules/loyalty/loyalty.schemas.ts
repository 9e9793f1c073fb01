// Kiempunten's forms (ADR 075), validated on the server with Dutch messages: the staff's adjustment on the
// customer page and the owner's rates and tiers.
import { z } from 'zod';
import { loyalty as t } from '~/i18n/nl/loyalty.ts';
import { formKey } from '~/lib/form-key.ts';
import { LIMITS, MINIMA, POINTS_REASON_MAX, TIER_COUNT } from './limits.ts';
import type { LoyaltySettings } from './loyalty.ts';

export { POINTS_REASON_MAX };
const e = t.adjust.errors;

export const pointsAdjustSchema = z.object({
  intent: z.literal('points'),
  key: formKey,
  // "50" or "+50" adds, "-50" (or "−50") takes off; whole points, not 0.
  points: z
    .string({ error: e.points })
    .trim()
    .regex(/^[+\-−]?\d{1,7}$/, e.points)
    .transform((v) => Number(v.replace('−', '-')))
    .refine((n) => n !== 0, e.points),
  // The newest ledger entry the page showed (0: none), checked under the balance's lock.
  shown: z.coerce.number({ error: e.points }).int().min(0),
  reason: z.string({ error: e.reason }).trim().min(1, e.reason).max(POINTS_REASON_MAX, e.reasonTooLong(POINTS_REASON_MAX)),
});

const se = t.settings.errors;
const whole = (message: string, min: number, max: number) => z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** The form's field names of tier i (flat, so every field has its own id and message). */
export const tierField = (i: number, part: 'name' | 'from' | 'bonus') => `tier${i}${part[0]!.toUpperCase()}${part.slice(1)}`;

const tierShape = Object.fromEntries(
  Array.from({ length: TIER_COUNT }, (_, i) => [
    [tierField(i, 'name'), z.string({ error: se.tierName }).trim().min(1, se.tierName).max(LIMITS.name, se.tierName)],
    // Whole euros; the first tier starts at 0 (it has no such field).
    ...(i === 0 ? [] : [[tierField(i, 'from'), whole(se.tierFrom, MINIMA.fromEuro, LIMITS.spendMinor / 100)]]),
    [tierField(i, 'bonus'), whole(se.tierBonus, MINIMA.bonusPct, LIMITS.bonusPct)],
  ]).flat(),
) as Record<string, z.ZodType<string | number>>;

export const loyaltySettingsSchema = z
  .object({
    pointsPerEuro: whole(se.pointsPerEuro, MINIMA.pointsPerEuro, LIMITS.pointsPerEuro),
    pointsPerEuroOff: whole(se.pointsPerEuroOff, MINIMA.pointsPerEuroOff, LIMITS.pointsPerEuroOff),
    reviewPoints: whole(se.reviewPoints, MINIMA.reviewPoints, LIMITS.reviewPoints),
    ...tierShape,
  })
  .superRefine((sent, ctx) => {
    const v = sent as Record<string, unknown>;
    // Each tier starts above the one before it.
    for (let i = 2; i < TIER_COUNT; i++)
      if (Number(v[tierField(i, 'from')]) <= Number(v[tierField(i - 1, 'from')])) ctx.addIssue({ code: 'custom', message: se.tierFrom, path: [tierField(i, 'from')] });
  })
  .transform(
    (sent): LoyaltySettings => {
      const v = sent as Record<string, unknown>;
      return { pointsPerEuro: sent.pointsPerEuro, pointsPerEuroOff: sent.pointsPerEuroOff, reviewPoints: sent.reviewPoints, tiers: Array.from({ length: TIER_COUNT }, (_, i) => ({ name: String(v[tierField(i, 'name')]), minSpendMinor: i === 0 ? 0 : Number(v[tierField(i, 'from')]) * 100, bonusPct: Number(v[tierField(i, 'bonus')]) })) };
    },
  );
