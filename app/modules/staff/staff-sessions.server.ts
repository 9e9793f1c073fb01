// Staff sessions (ADR 026): like customer sessions (ADR 008) a random cookie token stored as its SHA-256,
// but shorter: 2 hours idle, 12 hours absolute. A 'password' session (first factor only) lives 10 minutes
// and opens nothing but the code step; the code step replaces it with a 'full' one (a new id).
import { and, desc, eq, gt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import type { StaffRole } from '~/db/schema/staff.ts';
import { hashToken, isToken, newToken, sessionExpired, touchCutoff } from '~/lib/account-tokens.server.ts';

const MINUTE = 60_000;
export const STAFF_IDLE_MS = 120 * MINUTE;
export const STAFF_ABSOLUTE_MS = 12 * 60 * MINUTE;
/** Time to enter the code after the password. */
export const STAFF_PASSWORD_STAGE_MS = 10 * MINUTE;
const TOUCH_MS = MINUTE;

export type StaffStage = 'password' | 'full';
export type StaffMember = { id: number; email: string; name: string; role: StaffRole; totpConfirmed: boolean };
export type StaffSession = { staff: StaffMember; sessionId: string; stage: StaffStage };

export async function createStaffSession(
  db: Db,
  staffId: number,
  stage: StaffStage,
  client: { userAgent: string | null; clientAddress: string | null },
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await db.insert(s.staffSessions).values({
    id: hashToken(token),
    staffId,
    stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (stage === 'full' ? STAFF_ABSOLUTE_MS : STAFF_PASSWORD_STAGE_MS)),
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    clientAddress: client.clientAddress?.slice(0, 64) ?? null,
  });
  return token;
}

/** The staff member and stage of a cookie token, or null: unknown, ended (removed on the spot) or disabled account. */
export async function getStaffSession(db: Db, token: string | null | undefined, now = new Date()): Promise<StaffSession | null> {
  if (!isToken(token)) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({ session: s.staffSessions, staff: s.staffUsers })
    .from(s.staffSessions)
    .innerJoin(s.staffUsers, eq(s.staffUsers.id, s.staffSessions.staffId))
    .where(eq(s.staffSessions.id, id));
  if (!row) return null;
  const { session, staff } = row;
  if (staff.disabledAt || sessionExpired(session, STAFF_IDLE_MS, now)) {
    await db.delete(s.staffSessions).where(eq(s.staffSessions.id, id));
    return null;
  }
  const cutoff = touchCutoff(session.lastSeenAt, TOUCH_MS, now);
  // Conditional: parallel requests write once, and last_seen_at never moves backwards.
  if (cutoff) await db.update(s.staffSessions).set({ lastSeenAt: now }).where(and(eq(s.staffSessions.id, id), lte(s.staffSessions.lastSeenAt, cutoff)));
  return {
    staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role, totpConfirmed: !!staff.totpConfirmedAt },
    sessionId: id,
    stage: session.stage,
  };
}

export async function endStaffSession(db: Db, token: string | null | undefined): Promise<void> {
  if (isToken(token)) await db.delete(s.staffSessions).where(eq(s.staffSessions.id, hashToken(token)));
}

/** Ends every session of a staff member (optionally but one); returns how many. */
export async function revokeStaffSessionsOf(db: Db, staffId: number, exceptId?: string): Promise<number> {
  const rows = await db
    .delete(s.staffSessions)
    .where(and(eq(s.staffSessions.staffId, staffId), exceptId ? ne(s.staffSessions.id, exceptId) : undefined))
    .returning({ id: s.staffSessions.id });
  return rows.length;
}

export type StaffSessionInfo = { id: string; stage: StaffStage; createdAt: Date; lastSeenAt: Date; userAgent: string | null; clientAddress: string | null };

/** Live full sessions per staff member, most recently used first. */
export async function liveStaffSessions(db: Db, now = new Date()): Promise<(StaffSessionInfo & { staffId: number })[]> {
  return db
    .select(columns(s.staffSessions, 'id', 'staffId', 'stage', 'createdAt', 'lastSeenAt', 'userAgent', 'clientAddress'))
    .from(s.staffSessions)
    .where(and(eq(s.staffSessions.stage, 'full'), gt(s.staffSessions.expiresAt, now), gt(s.staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS))))
    .orderBy(desc(s.staffSessions.lastSeenAt));
}

/** Deletes ended staff sessions and expired set-up links. */
export async function pruneStaffSessions(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .delete(s.staffSessions)
    .where(or(lte(s.staffSessions.expiresAt, now), lte(s.staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS))))
    .returning({ id: s.staffSessions.id });
  await db.delete(s.staffTokens).where(lte(s.staffTokens.expiresAt, now));
  return rows.length;
}
