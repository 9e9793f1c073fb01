import { z } from 'zod';
import { account } from '~/i18n/nl/account.ts';
import { currentPassword, dateOfBirthFor, email, name, newPassword, passwordConfirm, passwordsMatch } from './accounts.schemas.ts';
import { CULTIVATION_METHODS, FAVOURITES_MAX, FLOWERING_PREFERENCES, GROWING_SINCE_MIN, STRAIN_TYPES } from './grower-profile.ts';
import { shopToday } from '~/lib/password.ts';

// The forms of /account/details, one schema per intent. Name, date of birth, e-mail and the password
// policy are the sign-up's own pieces, so both pages give the same messages.

const t = account.details.errors;

/** Name and date of birth; `now` is injectable so the age rule can be tested on fixed dates. */
export function personalDetailsSchemaFor(now: () => Date = () => new Date()) {
  return z.object({ name, dateOfBirth: dateOfBirthFor(now) });
}
export const personalDetailsSchema = personalDetailsSchemaFor();

export const emailChangeSchema = z.object({ email, currentPassword });

export const passwordChangeSchema = z.object({ currentPassword, password: newPassword, passwordConfirm }).superRefine(passwordsMatch, { when: () => true });

/** An optional choice from a fixed list; anything else (a crafted post) gets a message instead of a 500. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: t.choice }).nullable().default(null);

/** The grower profile; every field optional. The favourites are checkbox values: product ids, at most five. */
export function growerProfileSchemaFor(now: () => Date = () => new Date()) {
  const thisYear = () => Number(shopToday(now()).slice(0, 4));
  return z.object({
    growingSince: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return null;
        const year = /^\d{4}$/.test(value) ? Number(value) : NaN;
        const max = thisYear();
        if (!(year >= GROWING_SINCE_MIN && year <= max)) {
          ctx.addIssue({ code: 'custom', message: t.growingSince(max) });
          return z.NEVER;
        }
        return year;
      }),
    cultivationMethod: choice(CULTIVATION_METHODS),
    floweringPreference: choice(FLOWERING_PREFERENCES),
    favouriteType: choice(STRAIN_TYPES),
    favourites: z
      .array(z.string(), { error: t.favouritesUnknown })
      .default([])
      .transform((values, ctx) => {
        const ids = [...new Set(values.map((v) => v.trim()))];
        if (ids.some((id) => !/^[1-9]\d{0,9}$/.test(id))) {
          ctx.addIssue({ code: 'custom', message: t.favouritesUnknown });
          return z.NEVER;
        }
        if (ids.length > FAVOURITES_MAX) {
          ctx.addIssue({ code: 'custom', message: t.favouritesMax });
          return z.NEVER;
        }
        return ids.map(Number);
      }),
  });
}
export const growerProfileSchema = growerProfileSchemaFor();
