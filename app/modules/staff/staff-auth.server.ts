// What the /beheer routes call (ADR 026): the staff cookie, the permission gate of every back-office
// loader and action, and the rate-limited log-in steps.
import crypto from 'node:crypto';
import { data, redirect } from 'react-router';
import type { Db } from '~/db/client.server.ts';
import { readStaffCookie, staffCookie } from '~/lib/cookies.server.ts';
import { clientKey } from '~/lib/client-key.ts';
import { clearRateLimit, forgiveRateLimit, hitRateLimit } from '~/lib/rate-limit.server.ts';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import type { Actor } from '~/lib/audit.server.ts';
import { recordAudit } from '~/lib/audit.server.ts';
import { STAFF_LOGIN_PATH } from './navigation.ts';
import { can, type Permission } from '~/lib/permissions.ts';
import { checkSecondFactor, checkStaffPassword, completeSetup } from './staff.server.ts';
import { createStaffSession, endStaffSession, getStaffSession, type StaffMember, type StaffSession } from './staff-sessions.server.ts';


const MINUTE = 60_000;
/**
 * Failed attempts per client address and per account. Each attempt is counted before the check (parallel guesses
 * cannot slip through); a success gives its hit back and clears the account's failures. The per-address limit is
 * high enough for an office of ten behind one connection; the per-account one stops guessing a password or code.
 */
export const STAFF_RATE_LIMITS = {
  passwordClient: { limit: 100, windowMs: 15 * MINUTE },
  passwordAccount: { limit: 5, windowMs: 15 * MINUTE },
  codeClient: { limit: 100, windowMs: 15 * MINUTE },
  codeAccount: { limit: 5, windowMs: 15 * MINUTE },
  setupClient: { limit: 10, windowMs: 15 * MINUTE },
} as const;

const digest = (value: string) => crypto.createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32);

const clientOf = (request: Request) => ({ userAgent: request.headers.get('user-agent'), clientAddress: clientKey(request.headers) });

export type StaffContext = StaffSession & { actor: Actor };

const actorFor = (staff: StaffMember, request: Request): Actor => ({ staffId: staff.id, label: staff.email, clientAddress: clientKey(request.headers) });

/**
 * The gate of every back-office loader and action: a full staff session (else to the staff log-in; a
 * customer's session counts for nothing here) whose role has `permission` (else 403).
 */
export async function requireStaff(db: Db, request: Request, permission: Permission): Promise<StaffContext> {
  const token = readStaffCookie(request);
  const session = await getStaffSession(db, token);
  if (!session || session.stage !== 'full') {
    const url = new URL(request.url);
    const back = url.pathname.replace(/\.data$/, '') + url.search;
    throw redirect(`${STAFF_LOGIN_PATH}?${new URLSearchParams({ terug: back })}`, token ? { headers: { 'Set-Cookie': staffCookie(request, null) } } : undefined);
  }
  if (!can(session.staff.role, permission)) throw data(t.forbidden, { status: 403, headers: { 'Cache-Control': 'private, no-store' } });
  return { ...session, actor: actorFor(session.staff, request) };
}

/** For the second log-in step: a first-factor session, or null. */
export async function passwordStageSession(db: Db, request: Request): Promise<StaffSession | null> {
  const session = await getStaffSession(db, readStaffCookie(request));
  return session?.stage === 'password' ? session : null;
}

/**
 * Sessions the code step started, per request (its load context). A form sent without JavaScript is one
 * document request: React Router draws the page with the page's loader right after the action, with the
 * request's old cookie, whose session the action has just ended. The loader must see the new one, or it
 * sends the visitor back to the log-in and the answer loses the new cookie and the recovery codes.
 */
const startedInRequest = new WeakMap<object, string>();

/** The staff session of this request at either stage (the one its action just started, if any), or null. */
export function anyStaffSession(db: Db, request: Request, requestContext: object): Promise<StaffSession | null> {
  return getStaffSession(db, startedInRequest.get(requestContext) ?? readStaffCookie(request));
}

/** A full session already? (The log-in page then goes straight on.) */
export async function hasFullStaffSession(db: Db, request: Request): Promise<boolean> {
  return (await getStaffSession(db, readStaffCookie(request)))?.stage === 'full';
}

export type StaffLogInResult = { ok: true; cookie: string } | { ok: false; reason: 'failed' | 'rate_limited' };

/** Step 1: e-mail and password, rate-limited per client and per account; starts a 10-minute first-factor session. */
export async function attemptStaffPassword(db: Db, request: Request, email: string, password: string): Promise<StaffLogInResult> {
  const keys = [`staff-login-ip:${clientKey(request.headers)}`, `staff-login-account:${digest(email)}`];
  const [perClient, perAccount] = await Promise.all([
    hitRateLimit(db, keys[0]!, STAFF_RATE_LIMITS.passwordClient.limit, STAFF_RATE_LIMITS.passwordClient.windowMs),
    hitRateLimit(db, keys[1]!, STAFF_RATE_LIMITS.passwordAccount.limit, STAFF_RATE_LIMITS.passwordAccount.windowMs),
  ]);
  if (!perClient.allowed || !perAccount.allowed) return { ok: false, reason: 'rate_limited' };
  const staff = await checkStaffPassword(db, email, password);
  if (!staff) return { ok: false, reason: 'failed' };
  await Promise.all([forgiveRateLimit(db, keys[0]!), clearRateLimit(db, keys[1]!)]);
  // A session planted before log-in is dropped (session fixation).
  await endStaffSession(db, readStaffCookie(request));
  const token = await createStaffSession(db, staff.id, 'password', clientOf(request));
  return { ok: true, cookie: staffCookie(request, token) };
}

export type StaffCodeResult = { ok: true; cookie: string; recoveryCodes?: string[] } | { ok: false; reason: 'failed' | 'rate_limited' };

/**
 * Step 2: the authenticator code (or, after enrolment, a recovery code), rate-limited per account and
 * client. Success replaces the first-factor session by a full one with a new id and writes the log-in
 * to the audit log; enrolment also returns the recovery codes to show once.
 */
export async function attemptStaffCode(db: Db, request: Request, session: StaffSession, code: string, requestContext?: object): Promise<StaffCodeResult> {
  const keys = [`staff-code-ip:${clientKey(request.headers)}`, `staff-code-account:${session.staff.id}`];
  const [perClient, perAccount] = await Promise.all([
    hitRateLimit(db, keys[0]!, STAFF_RATE_LIMITS.codeClient.limit, STAFF_RATE_LIMITS.codeClient.windowMs),
    hitRateLimit(db, keys[1]!, STAFF_RATE_LIMITS.codeAccount.limit, STAFF_RATE_LIMITS.codeAccount.windowMs),
  ]);
  if (!perClient.allowed || !perAccount.allowed) return { ok: false, reason: 'rate_limited' };
  const checked = await checkSecondFactor(db, session.staff.id, code);
  if (!checked.ok) return { ok: false, reason: 'failed' };
  await Promise.all([forgiveRateLimit(db, keys[0]!), clearRateLimit(db, keys[1]!)]);
  const token = await db.transaction(async (tx) => {
    await endStaffSession(tx, readStaffCookie(request));
    await recordAudit(tx, actorFor(session.staff, request), {
      action: checked.method === 'enrolled' ? 'staff.totp_enrolled' : 'staff.login',
      entity: 'staff',
      entityId: session.staff.id,
      after: { method: checked.method },
    });
    return createStaffSession(tx, session.staff.id, 'full', clientOf(request));
  });
  if (requestContext) startedInRequest.set(requestContext, token);
  return { ok: true, cookie: staffCookie(request, token), recoveryCodes: checked.recoveryCodes };
}

/** The set-up link's form: rate-limited per client; sets the password and starts the first-factor session. */
export async function attemptStaffSetup(db: Db, request: Request, token: string, password: string): Promise<StaffLogInResult> {
  const limit = await hitRateLimit(db, `staff-setup-ip:${clientKey(request.headers)}`, STAFF_RATE_LIMITS.setupClient.limit, STAFF_RATE_LIMITS.setupClient.windowMs);
  if (!limit.allowed) return { ok: false, reason: 'rate_limited' };
  const sessionToken = await completeSetup(db, token, password, clientOf(request));
  return sessionToken ? { ok: true, cookie: staffCookie(request, sessionToken) } : { ok: false, reason: 'failed' };
}

/** Log-out: the session ends in the database and the cookie is cleared. */
export async function staffLogOut(db: Db, request: Request): Promise<string> {
  const token = readStaffCookie(request);
  const session = await getStaffSession(db, token);
  if (session) {
    await db.transaction(async (tx) => {
      await endStaffSession(tx, token);
      await recordAudit(tx, actorFor(session.staff, request), { action: 'staff.logout', entity: 'staff', entityId: session.staff.id });
    });
  }
  return staffCookie(request, null);
}
