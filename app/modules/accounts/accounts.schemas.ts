import { z } from 'zod';
import { safeRedirect } from '~/lib/routing.ts';
import { account as t } from '~/i18n/nl/account.ts';
import { accountDelete } from '~/i18n/nl/account-delete.ts';
import { email, newPassword, passwordConfirm, passwordMessages, passwordsMatch, TOKEN_PATTERN } from '~/lib/account-fields.ts';
import { isAdult, parseIsoDate, passwordProblem, shopToday } from '~/lib/password.ts';

export { email, newPassword, passwordConfirm, passwordMessages, passwordsMatch, TOKEN_PATTERN };

// The account forms, parsed by the actions (the browser shows their messages, ADR 023/027). SPEC §5 messages verbatim.

export const NAME_MAX = 100;
/** Log-in accepts any stored password up to this length; longer input is refused before hashing. */
const LOGIN_PASSWORD_MAX = 1024;

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** The account holder's name, as at sign-up and on the details page. */
export const name = z.string({ error: t.errors.name }).trim().min(1, t.errors.name).max(NAME_MAX, t.errors.tooLong(NAME_MAX));

/** Date of birth 'YYYY-MM-DD', 18 or older on the shop's calendar day; `now` is injectable for tests. */
export function dateOfBirthFor(now: () => Date = () => new Date()) {
  return z
    .string({ error: t.errors.dateOfBirth })
    .trim()
    .min(1, t.errors.dateOfBirth)
    .superRefine((value, ctx) => {
      if (!value) return; // already 'Geboortedatum is verplicht.'
      const date = parseIsoDate(value);
      const today = shopToday(now());
      // Before 1900 or in the future is a typo, not a birthday.
      if (!date || date.year < 1900 || value > today) ctx.addIssue({ code: 'custom', message: t.errors.dateOfBirthInvalid });
      else if (!isAdult(value, today)) ctx.addIssue({ code: 'custom', message: t.errors.underAge });
    });
}

/** Sign-up; `now` is injectable so the age rule can be tested on fixed dates. */
export function signUpSchemaFor(now: () => Date = () => new Date()) {
  return z
    .object({
      name,
      email,
      dateOfBirth: dateOfBirthFor(now),
      password: newPassword,
      passwordConfirm,
    })
    .superRefine(
      (value, ctx) => {
        passwordsMatch(value, ctx);
        // The policy's context rule needs the other fields; the plain rules already ran on the field.
        const v = record(value);
        if (typeof v.password !== 'string' || passwordProblem(v.password) !== null) return;
        const problem = passwordProblem(v.password, { email: typeof v.email === 'string' ? v.email : undefined, name: typeof v.name === 'string' ? v.name : undefined });
        if (problem) ctx.addIssue({ code: 'custom', message: passwordMessages[problem], path: ['password'] });
      },
      { when: () => true },
    );
}

export const signUpSchema = signUpSchemaFor();

/** A password the account already has (log-in, or confirming a change): any stored length, never trimmed. */
export const currentPassword = z.string({ error: t.errors.password }).min(1, t.errors.password).max(LOGIN_PASSWORD_MAX, t.errors.password);

export const logInSchema = z.object({
  email,
  password: currentPassword,
  // Only a path on this site; anything else goes to the account overview.
  redirectTo: z.unknown().optional().transform((v) => safeRedirect(v, '/account')),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    // A damaged or missing token can only be fixed by a new link: the SPEC §8 reset failure text.
    token: z.string({ error: t.errors.resetFailed }).regex(TOKEN_PATTERN, t.errors.resetFailed),
    password: newPassword,
    passwordConfirm,
  })
  .superRefine(passwordsMatch, { when: () => true });

/** Deleting the account: the current password and an explicit tick. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: t.errors.password }).min(1, t.errors.password).max(LOGIN_PASSWORD_MAX, t.errors.password),
  confirm: z.literal('on', { error: accountDelete.confirmRequired }),
});
