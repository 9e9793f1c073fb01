import { z } from 'zod';
import { safeRedirect } from '~/lib/routing.ts';
import { account as t } from '~/i18n/nl/account.ts';
import { isAdult, parseIsoDate, type PasswordProblem, passwordProblem, shopToday } from './password.ts';

// The account forms, parsed by the actions (the browser shows their messages, ADR 023/027). SPEC §5 messages verbatim.

export const NAME_MAX = 100;
/** Log-in accepts any stored password up to this length; longer input is refused before hashing. */
const LOGIN_PASSWORD_MAX = 1024;
/** The raw tokens in mailed links: 32 random bytes, base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const passwordMessages: Record<PasswordProblem, string> = {
  too_short: t.errors.passwordTooShort,
  too_long: t.errors.passwordTooLong,
  common: t.errors.passwordCommon,
  personal: t.errors.passwordPersonal,
};

// Lower-cased before the format check: addresses are stored and compared in lower case.
export const email = z
  .string({ error: t.errors.email })
  .trim()
  .toLowerCase()
  .max(254, t.errors.email)
  .pipe(z.email(t.errors.email));

/** A new password: required, then the policy (length in code points, common list). Never trimmed. */
export const newPassword = z
  .string({ error: t.errors.password })
  .min(1, t.errors.password)
  .superRefine((value, ctx) => {
    if (!value) return; // already 'Een geldig wachtwoord is vereist'
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: passwordMessages[problem] });
  });

export const passwordConfirm = z.string({ error: t.errors.passwordMismatch });

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** Runs even when other fields failed, so one submit shows the mismatch next to the other messages. */
export function passwordsMatch(value: unknown, ctx: z.RefinementCtx) {
  const v = record(value);
  if (typeof v.password === 'string' && typeof v.passwordConfirm === 'string' && v.password !== v.passwordConfirm) {
    ctx.addIssue({ code: 'custom', message: t.errors.passwordMismatch, path: ['passwordConfirm'] });
  }
}

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
  confirm: z.literal('on', { error: t.privacy.confirmRequired }),
});
