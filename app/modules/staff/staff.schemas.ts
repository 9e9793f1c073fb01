import { z } from 'zod';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { email, newPassword, passwordConfirm, passwordsMatch, TOKEN_PATTERN } from '~/lib/account-fields.ts';
import { BACKOFFICE_HOME } from './navigation.ts';
import { staffRoles } from '~/lib/permissions.ts';

// The back-office forms; parsed by the actions only (ADR 023), messages in Dutch next to the fields.

const LOGIN_PASSWORD_MAX = 1024;

export const staffLogInSchema = z.object({
  email: z.string({ error: t.errors.email }).trim().toLowerCase().max(254, t.errors.email).pipe(z.email(t.errors.email)),
  password: z.string({ error: t.errors.password }).min(1, t.errors.password).max(LOGIN_PASSWORD_MAX, t.errors.loginFailed),
  terug: z.string().optional(),
});

export const staffCodeSchema = z.object({
  code: z.string({ error: t.errors.code }).trim().min(6, t.errors.code).max(20, t.errors.code),
});

export const staffSetupSchema = z
  .object({
    token: z.string({ error: t.setup.invalid }).regex(TOKEN_PATTERN, t.setup.invalid),
    password: newPassword,
    passwordConfirm,
  })
  .superRefine(passwordsMatch);

const NAME_MAX = 100;
export const addStaffSchema = z.object({
  intent: z.literal('add'),
  name: z.string({ error: t.errors.name }).trim().min(1, t.errors.name).max(NAME_MAX, t.errors.nameTooLong),
  email,
  role: z.enum(staffRoles, { error: t.errors.role }),
});

export const staffChangeSchema = z.object({
  intent: z.enum(['disable', 'enable', 'revoke', 'reset']),
  staffId: z.coerce.number().int().positive().max(2 ** 31 - 1),
});

/** Where to go after log-in: a /beheer path of this site only. */
export function backofficeReturnPath(value: string | undefined | null): string {
  if (!value || !value.startsWith('/beheer/') || /[\\\s]/.test(value)) return BACKOFFICE_HOME;
  if (value.startsWith('/beheer/inloggen') || value.startsWith('/beheer/instellen')) return BACKOFFICE_HOME;
  return value;
}
