// Staff accounts (ADR 026): created with a single-use set-up link (by `npm run staff -- add` or an owner in
// /beheer/medewerkers), which sets the password; the first log-in then enrols the authenticator app.
// Every change here is one transaction with its audit entry.
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import type { StaffRole } from '~/db/schema/staff.ts';
import { hashToken, isToken, newToken } from '~/lib/account-tokens.server.ts';
import { getDummyHash, hashPassword, verifyPassword } from '~/lib/passwords.server.ts';
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { createStaffSession, revokeStaffSessionsOf } from './staff-sessions.server.ts';
import { renderSVG } from 'uqr';
import { newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, totpUri, verifyTotp } from './totp.ts';

/** How long a set-up link works. */
export const SETUP_LINK_MS = 72 * 60 * 60_000;

export type StaffListItem = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  active: boolean;
  setUp: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
};

export const setupLink = (origin: string, token: string) => `${origin.replace(/\/$/, '')}/beheer/instellen?${new URLSearchParams({ token })}`;

async function issueSetupToken(tx: Db, staffId: number, now: Date): Promise<string> {
  const token = newToken();
  // A new link replaces any older one that was not used.
  await tx.delete(s.staffTokens).where(and(eq(s.staffTokens.staffId, staffId), isNull(s.staffTokens.usedAt)));
  await tx.insert(s.staffTokens).values({ tokenHash: hashToken(token), staffId, expiresAt: new Date(now.getTime() + SETUP_LINK_MS), createdAt: now });
  return token;
}

export type AddStaffResult = { ok: true; staffId: number; token: string } | { ok: false; reason: 'exists' };

/** A new staff member with a set-up link; an address that already has an account makes nothing (also when two add it at once). */
export async function addStaff(db: Db, actor: Actor, input: { email: string; name: string; role: StaffRole }, now = new Date()): Promise<AddStaffResult> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s.staffUsers)
      .values({ email, name: input.name.trim(), role: input.role, createdAt: now })
      .onConflictDoNothing({ target: s.staffUsers.email })
      .returning({ id: s.staffUsers.id });
    if (!row) return { ok: false, reason: 'exists' } as const;
    const token = await issueSetupToken(tx, row.id, now);
    await recordAudit(tx, actor, { action: 'staff.add', entity: 'staff', entityId: row.id, after: { email, name: input.name.trim(), role: input.role } }, now);
    return { ok: true, staffId: row.id, token } as const;
  });
}

/**
 * A lost authenticator without recovery codes: the password, authenticator and recovery codes are
 * cleared, every session ends, and a new set-up link is returned for the owner to pass on.
 */
export async function resetStaffAccess(db: Db, actor: Actor, staffId: number, now = new Date()): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(s.staffUsers).where(eq(s.staffUsers.id, staffId)).for('update');
    if (!before) return null;
    await tx.update(s.staffUsers).set({ passwordHash: null, totpSecret: null, totpConfirmedAt: null, totpLastStep: null }).where(eq(s.staffUsers.id, staffId));
    await tx.delete(s.staffRecoveryCodes).where(eq(s.staffRecoveryCodes.staffId, staffId));
    const ended = await revokeStaffSessionsOf(tx, staffId);
    const token = await issueSetupToken(tx, staffId, now);
    await recordAudit(tx, actor, { action: 'staff.reset_access', entity: 'staff', entityId: staffId, before: { setUp: !!before.totpConfirmedAt }, after: { setUp: false, sessionsEnded: ended } }, now);
    return token;
  });
}

export async function listStaff(db: Db): Promise<StaffListItem[]> {
  const rows = await db.select().from(s.staffUsers).orderBy(asc(s.staffUsers.name), asc(s.staffUsers.id));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    active: !r.disabledAt,
    setUp: !!r.totpConfirmedAt,
    lastLoginAt: r.lastLoginAt,
    createdAt: r.createdAt,
  }));
}

export type StaffChange = 'changed' | 'unchanged' | 'not_found' | 'own_account';

/**
 * Disables (every session ends at once) or enables an account. Conditional update: a double click or two
 * owners at once change it, and write the audit entry, once. Nobody disables their own account, so there
 * is always an owner left who can undo it.
 */
export async function setStaffActive(db: Db, actor: Actor, staffId: number, active: boolean, now = new Date()): Promise<StaffChange> {
  if (actor.staffId === staffId && !active) return 'own_account';
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(s.staffUsers)
      .set({ disabledAt: active ? null : now })
      .where(and(eq(s.staffUsers.id, staffId), active ? isNotNull(s.staffUsers.disabledAt) : isNull(s.staffUsers.disabledAt)))
      .returning({ id: s.staffUsers.id });
    if (rows.length === 0) {
      const [exists] = await tx.select({ id: s.staffUsers.id }).from(s.staffUsers).where(eq(s.staffUsers.id, staffId));
      return exists ? 'unchanged' : 'not_found';
    }
    const ended = active ? 0 : await revokeStaffSessionsOf(tx, staffId);
    await recordAudit(tx, actor, { action: active ? 'staff.enable' : 'staff.disable', entity: 'staff', entityId: staffId, before: { active: !active }, after: { active, sessionsEnded: ended } }, now);
    return 'changed';
  });
}

/** Ends every session of a staff member (the actor's own current one stays when it is their own account). */
export async function revokeStaffSessions(db: Db, actor: Actor, staffId: number, keepSessionId?: string, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await revokeStaffSessionsOf(tx, staffId, actor.staffId === staffId ? keepSessionId : undefined);
    if (ended > 0) await recordAudit(tx, actor, { action: 'staff.revoke_sessions', entity: 'staff', entityId: staffId, after: { sessionsEnded: ended } }, now);
    return ended;
  });
}

/** First factor: the staff member for a right password, else null (unknown, disabled, not set up, wrong) at the same cost. */
export async function checkStaffPassword(db: Db, email: string, password: string): Promise<{ id: number; email: string } | null> {
  const [row] = await db.select().from(s.staffUsers).where(eq(s.staffUsers.email, email.trim().toLowerCase()));
  if (!row || !row.passwordHash || row.disabledAt) {
    await verifyPassword(await getDummyHash(), password);
    return null;
  }
  return (await verifyPassword(row.passwordHash, password)) ? { id: row.id, email: row.email } : null;
}

/** The account a set-up link belongs to (unused, not expired), for the page; null otherwise. Changes nothing. */
export async function setupLinkOwner(db: Db, token: string, now = new Date()): Promise<{ email: string; name: string } | null> {
  if (!isToken(token)) return null;
  const [row] = await db
    .select({ email: s.staffUsers.email, name: s.staffUsers.name })
    .from(s.staffTokens)
    .innerJoin(s.staffUsers, eq(s.staffUsers.id, s.staffTokens.staffId))
    .where(and(eq(s.staffTokens.tokenHash, hashToken(token)), isNull(s.staffTokens.usedAt), gt(s.staffTokens.expiresAt, now), isNull(s.staffUsers.disabledAt)));
  return row ?? null;
}

/**
 * Uses a set-up link: sets the password and starts a first-factor session (the authenticator is enrolled
 * next). One conditional update claims the link, so of two submits exactly one succeeds. Returns the
 * session token, or null for an unknown, used or expired link.
 */
export async function completeSetup(
  db: Db,
  token: string,
  password: string,
  client: { userAgent: string | null; clientAddress: string | null },
  now = new Date(),
): Promise<string | null> {
  if (!isToken(token)) return null;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(s.staffTokens)
      .set({ usedAt: now })
      .where(and(eq(s.staffTokens.tokenHash, hashToken(token)), isNull(s.staffTokens.usedAt), gt(s.staffTokens.expiresAt, now)))
      .returning({ staffId: s.staffTokens.staffId });
    if (!claimed) return null;
    const [staff] = await tx
      .update(s.staffUsers)
      .set({ passwordHash, totpSecret: null, totpConfirmedAt: null, totpLastStep: null })
      .where(and(eq(s.staffUsers.id, claimed.staffId), isNull(s.staffUsers.disabledAt)))
      .returning({ id: s.staffUsers.id, email: s.staffUsers.email });
    if (!staff) return null;
    await tx.delete(s.staffRecoveryCodes).where(eq(s.staffRecoveryCodes.staffId, staff.id));
    await revokeStaffSessionsOf(tx, staff.id);
    await recordAudit(tx, { staffId: staff.id, label: staff.email, clientAddress: client.clientAddress }, { action: 'staff.set_password', entity: 'staff', entityId: staff.id }, now);
    return createStaffSession(tx, staff.id, 'password', client, now);
  });
}

/** The secret to show as a QR code while the authenticator is not confirmed; the same one on every reload. */
export async function pendingTotpSecret(db: Db, staffId: number): Promise<string | null> {
  const fresh = newTotpSecret();
  // Set only when there is none yet, so two tabs show the same secret.
  await db
    .update(s.staffUsers)
    .set({ totpSecret: fresh })
    .where(and(eq(s.staffUsers.id, staffId), isNull(s.staffUsers.totpSecret), isNull(s.staffUsers.totpConfirmedAt)));
  const [row] = await db.select({ secret: s.staffUsers.totpSecret, confirmed: s.staffUsers.totpConfirmedAt }).from(s.staffUsers).where(eq(s.staffUsers.id, staffId));
  return row && !row.confirmed ? row.secret : null;
}

/** What the enrolment screen shows: the QR code (SVG drawn here) and the key grouped in fours for typing by hand. */
export async function totpEnrolment(db: Db, staff: { id: number; email: string }): Promise<{ qr: string; secret: string } | null> {
  const secret = await pendingTotpSecret(db, staff.id);
  if (!secret) return null;
  return { qr: renderSVG(totpUri(secret, staff.email), { border: 1 }), secret: secret.replace(/(.{4})/g, '$1 ').trim() };
}

/**
 * Second factor. `enrol`: the first code from the new authenticator confirms it and returns ten recovery
 * codes (shown once, stored hashed). Otherwise a code from the app, or an unused recovery code (spent).
 * The staff row is locked, so a code (or recovery code) works once even when sent twice at the same time.
 */
export async function checkSecondFactor(
  db: Db,
  staffId: number,
  code: string,
  now = new Date(),
): Promise<{ ok: true; method: 'totp' | 'recovery' | 'enrolled'; recoveryCodes?: string[] } | { ok: false }> {
  const trimmed = code.trim();
  const enrolling = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(s.staffUsers).where(eq(s.staffUsers.id, staffId)).for('update');
    if (!row || row.disabledAt || !row.totpSecret) return { ok: false } as const;
    const step = verifyTotp(row.totpSecret, trimmed, row.totpLastStep, now.getTime());
    if (step !== null) {
      const enrol = !row.totpConfirmedAt;
      await tx
        .update(s.staffUsers)
        .set({ totpLastStep: step, lastLoginAt: now, ...(enrol ? { totpConfirmedAt: now } : {}) })
        .where(eq(s.staffUsers.id, staffId));
      return { ok: true, method: enrol ? 'enrolled' : 'totp' } as const;
    }
    if (!row.totpConfirmedAt) return { ok: false } as const;
    const candidate = normaliseRecoveryCode(trimmed);
    if (candidate.length !== 10) return { ok: false } as const;
    const codes = await tx
      .select()
      .from(s.staffRecoveryCodes)
      .where(and(eq(s.staffRecoveryCodes.staffId, staffId), isNull(s.staffRecoveryCodes.usedAt)));
    for (const c of codes) {
      if (await verifyPassword(c.codeHash, candidate)) {
        await tx.update(s.staffRecoveryCodes).set({ usedAt: now }).where(eq(s.staffRecoveryCodes.id, c.id));
        await tx.update(s.staffUsers).set({ lastLoginAt: now }).where(eq(s.staffUsers.id, staffId));
        return { ok: true, method: 'recovery' } as const;
      }
    }
    return { ok: false } as const;
  });
  if (!enrolling.ok || enrolling.method !== 'enrolled') return enrolling;
  const recoveryCodes = await replaceRecoveryCodes(db, staffId);
  return { ok: true, method: 'enrolled', recoveryCodes };
}

/** Ten new recovery codes (the old ones stop working); returns them to show once. */
export async function replaceRecoveryCodes(db: Db, staffId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((c) => hashPassword(normaliseRecoveryCode(c))));
  await db.transaction(async (tx) => {
    await tx.delete(s.staffRecoveryCodes).where(eq(s.staffRecoveryCodes.staffId, staffId));
    await tx.insert(s.staffRecoveryCodes).values(hashes.map((codeHash) => ({ staffId, codeHash })));
  });
  return codes;
}

/** Unused recovery codes left, shown on the account's row. */
export async function recoveryCodesLeft(db: Db, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.staffRecoveryCodes)
    .where(and(eq(s.staffRecoveryCodes.staffId, staffId), isNull(s.staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
