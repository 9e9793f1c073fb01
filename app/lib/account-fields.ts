// Form fields shared by the customer and staff account forms (e-mail, new password, mailed tokens).
import { z } from 'zod';
import { account as t } from '~/i18n/nl/account.ts';
import { type PasswordProblem, passwordProblem } from './password.ts';

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
