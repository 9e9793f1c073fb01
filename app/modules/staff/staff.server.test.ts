import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { hashToken } from '~/lib/account-tokens.server.ts';
import { type Actor, listAudit } from '~/lib/audit.server.ts';
import {
  addStaff,
  checkSecondFactor,
  checkStaffPassword,
  completeSetup,
  pendingTotpSecret,
  recoveryCodesLeft,
  resetStaffAccess,
  revokeStaffSessions,
  setStaffActive,
  setupLinkOwner,
} from './staff.server.ts';
import { createStaffSession, getStaffSession, liveStaffSessions, STAFF_IDLE_MS, STAFF_PASSWORD_STAGE_MS } from './staff-sessions.server.ts';
import { totpCode } from './totp.ts';

const cli: Actor = { staffId: null, label: 'cli', clientAddress: 'local' };
const client = { userAgent: 'vitest', clientAddress: '203.0.113.9' };
const PASSWORD = 'zaaibed vol kiemplanten';
let n = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${n++}@kiemkracht.nl`;

describeEachDatabase(
  'staff accounts',
  (ctx) => {
    const db = () => ctx().db;

    /** A staff member who used the set-up link and enrolled the authenticator; returns the secret and recovery codes. */
    async function enrolled(role: 'owner' | 'orders' | 'support' = 'owner') {
      const email = uniqueEmail(role);
      const added = await addStaff(db(), cli, { email, name: `Test ${role}`, role });
      if (!added.ok) throw new Error('not added');
      const first = await completeSetup(db(), added.token, PASSWORD, client);
      expect(first).toBeTruthy();
      const secret = (await pendingTotpSecret(db(), added.staffId))!;
      // The previous step's code, checked at the same instant (a step boundary between two clock reads would refuse it).
      const now = Date.now();
      const result = await checkSecondFactor(db(), added.staffId, totpCode(secret, now - 30_000), new Date(now));
      if (!result.ok || !result.recoveryCodes) throw new Error('not enrolled');
      return { id: added.staffId, email, secret, recoveryCodes: result.recoveryCodes };
    }

    it('adds a staff member once, also when the same address is added twice at the same time', async () => {
      const email = uniqueEmail('twice');
      const results = await Promise.all(Array.from({ length: 5 }, () => addStaff(db(), cli, { email: email.toUpperCase(), name: 'Twee', role: 'orders' })));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const rows = await db().select().from(s.staffUsers).where(eq(s.staffUsers.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.passwordHash).toBeNull();
      const audit = await listAudit(db(), { entity: 'staff', entityId: String(rows[0]!.id), action: 'staff.add' });
      expect(audit.total).toBe(1);
      expect(audit.rows[0]!.actor).toBe('cli');
      expect(audit.rows[0]!.after).toEqual({ email, name: 'Twee', role: 'orders' });
    });

    it('a set-up link works once (of concurrent uses exactly one), stores only its hash, and cannot log in before it is used', async () => {
      const email = uniqueEmail('setup');
      const added = await addStaff(db(), cli, { email, name: 'Nieuw', role: 'support' });
      if (!added.ok) throw new Error('not added');
      expect(await db().select().from(s.staffTokens).where(eq(s.staffTokens.tokenHash, added.token))).toHaveLength(0);
      expect(await db().select().from(s.staffTokens).where(eq(s.staffTokens.tokenHash, hashToken(added.token)))).toHaveLength(1);
      expect(await checkStaffPassword(db(), email, PASSWORD)).toBeNull();
      expect(await setupLinkOwner(db(), added.token)).toEqual({ email, name: 'Nieuw' });
      const uses = await Promise.all(Array.from({ length: 4 }, () => completeSetup(db(), added.token, PASSWORD, client)));
      expect(uses.filter(Boolean)).toHaveLength(1);
      expect(await setupLinkOwner(db(), added.token)).toBeNull();
      expect(await checkStaffPassword(db(), email, PASSWORD)).toMatchObject({ email });
      expect(await checkStaffPassword(db(), email, 'verkeerd wachtwoord')).toBeNull();
      // The set-up session is first-factor only.
      const session = await getStaffSession(db(), uses.find(Boolean));
      expect(session?.stage).toBe('password');
      expect(session?.staff.totpConfirmed).toBe(false);
    });

    it('an expired set-up link does nothing', async () => {
      const added = await addStaff(db(), cli, { email: uniqueEmail('late'), name: 'Laat', role: 'content' }, new Date(Date.now() - 73 * 3600_000));
      if (!added.ok) throw new Error('not added');
      expect(await completeSetup(db(), added.token, PASSWORD, client)).toBeNull();
    });

    it('enrolment: the QR secret stays the same until confirmed; the first code confirms and gives ten recovery codes, stored hashed', async () => {
      const added = await addStaff(db(), cli, { email: uniqueEmail('enrol'), name: 'Enrol', role: 'orders' });
      if (!added.ok) throw new Error('not added');
      await completeSetup(db(), added.token, PASSWORD, client);
      const [a, b] = await Promise.all([pendingTotpSecret(db(), added.staffId), pendingTotpSecret(db(), added.staffId)]);
      expect(a).toBe(b);
      expect(await checkSecondFactor(db(), added.staffId, '000000')).toEqual({ ok: false });
      const ok = await checkSecondFactor(db(), added.staffId, totpCode(a!));
      expect(ok).toMatchObject({ ok: true, method: 'enrolled' });
      if (!ok.ok) throw new Error('not enrolled');
      expect(ok.recoveryCodes).toHaveLength(10);
      const stored = await db().select().from(s.staffRecoveryCodes).where(eq(s.staffRecoveryCodes.staffId, added.staffId));
      expect(stored).toHaveLength(10);
      for (const row of stored) expect(row.codeHash).toMatch(/^\$argon2id\$/);
      expect(await pendingTotpSecret(db(), added.staffId)).toBeNull();
    });

    it('a code works once, also when sent twice at the same time; a recovery code works once', async () => {
      const m = await enrolled();
      const code = totpCode(m.secret);
      const tries = await Promise.all([checkSecondFactor(db(), m.id, code), checkSecondFactor(db(), m.id, code)]);
      expect(tries.filter((r) => r.ok)).toHaveLength(1);
      expect(await checkSecondFactor(db(), m.id, code)).toEqual({ ok: false });
      const recovery = m.recoveryCodes[3]!.toUpperCase().replace('-', ' ');
      expect(await checkSecondFactor(db(), m.id, recovery)).toEqual({ ok: true, method: 'recovery' });
      expect(await checkSecondFactor(db(), m.id, recovery)).toEqual({ ok: false });
      expect(await recoveryCodesLeft(db(), m.id)).toBe(9);
    });

    it('sessions: full sessions end after 2 hours idle, first-factor ones after 10 minutes, all of them when the account is disabled', async () => {
      const m = await enrolled();
      const t0 = new Date();
      const full = await createStaffSession(db(), m.id, 'full', client, t0);
      expect((await getStaffSession(db(), full, new Date(t0.getTime() + STAFF_IDLE_MS - 1000)))?.stage).toBe('full');
      expect(await getStaffSession(db(), full, new Date(t0.getTime() + 2 * STAFF_IDLE_MS))).toBeNull();
      const half = await createStaffSession(db(), m.id, 'password', client, t0);
      expect(await getStaffSession(db(), half, new Date(t0.getTime() + STAFF_PASSWORD_STAGE_MS + 1000))).toBeNull();

      const owner = await enrolled();
      const live = await createStaffSession(db(), m.id, 'full', client);
      const actor: Actor = { staffId: owner.id, label: owner.email, clientAddress: '198.51.100.1' };
      const results = await Promise.all([setStaffActive(db(), actor, m.id, false), setStaffActive(db(), actor, m.id, false)]);
      expect(results.sort()).toEqual(['changed', 'unchanged']);
      expect(await getStaffSession(db(), live)).toBeNull();
      expect(await checkStaffPassword(db(), m.email, PASSWORD)).toBeNull();
      const audit = await listAudit(db(), { entity: 'staff', entityId: String(m.id), action: 'staff.disable' });
      expect(audit.total).toBe(1);
      expect(audit.rows[0]).toMatchObject({ staffId: owner.id, actor: owner.email, clientAddress: '198.51.100.1', before: { active: true } });
      expect(await setStaffActive(db(), actor, owner.id, false)).toBe('own_account');
      expect(await setStaffActive(db(), actor, m.id, true)).toBe('changed');
      expect(await setStaffActive(db(), actor, 2_000_000_000, true)).toBe('not_found');
    });

    it('revoking ends every session of a member (the own current one stays) and is audited', async () => {
      const owner = await enrolled();
      const other = await enrolled('orders');
      const mine = await createStaffSession(db(), owner.id, 'full', client);
      const mineOther = await createStaffSession(db(), owner.id, 'full', client);
      await createStaffSession(db(), other.id, 'full', client);
      await createStaffSession(db(), other.id, 'full', client);
      const actor: Actor = { staffId: owner.id, label: owner.email, clientAddress: null };
      // Two full sessions and the first-factor one left by the set-up link.
      expect(await revokeStaffSessions(db(), actor, other.id)).toBe(3);
      expect((await liveStaffSessions(db())).filter((r) => r.staffId === other.id)).toHaveLength(0);
      const current = await getStaffSession(db(), mine);
      expect(await revokeStaffSessions(db(), actor, owner.id, current!.sessionId)).toBe(2);
      expect(await getStaffSession(db(), mine)).not.toBeNull();
      expect(await getStaffSession(db(), mineOther)).toBeNull();
      expect((await listAudit(db(), { action: 'staff.revoke_sessions', entityId: String(other.id) })).total).toBe(1);
    });

    it('resetting access clears the password, authenticator and recovery codes and gives a new link', async () => {
      const m = await enrolled('support');
      const token = await resetStaffAccess(db(), cli, m.id);
      expect(token).toBeTruthy();
      expect(await checkStaffPassword(db(), m.email, PASSWORD)).toBeNull();
      expect(await recoveryCodesLeft(db(), m.id)).toBe(0);
      expect(await completeSetup(db(), token!, 'een heel nieuw wachtwoord', client)).toBeTruthy();
      expect(await pendingTotpSecret(db(), m.id)).not.toBe(m.secret);
    });

    it('the audit log is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
      await addStaff(db(), cli, { email: uniqueEmail('audit'), name: 'Audit', role: 'content' });
      await expect(db().execute(sql`update audit_log set actor = 'iemand anders'`)).rejects.toThrow();
      await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
      await expect(db().execute(sql`truncate audit_log`)).rejects.toThrow();
      expect((await listAudit(db(), { action: 'staff.add' })).total).toBeGreaterThan(0);
    });

    it('lists the audit log newest first, filtered by actor, entity, action and period', async () => {
      const owner = await enrolled();
      const actor: Actor = { staffId: owner.id, label: owner.email, clientAddress: null };
      const other = await enrolled('orders');
      await setStaffActive(db(), actor, other.id, false);
      await setStaffActive(db(), actor, other.id, true);
      const byOwner = await listAudit(db(), { staffId: owner.id });
      expect(byOwner.rows.map((r) => r.action).slice(0, 2)).toEqual(['staff.enable', 'staff.disable']);
      expect((await listAudit(db(), { staffId: owner.id, action: 'staff.enable' })).total).toBe(1);
      expect((await listAudit(db(), { staffId: owner.id, from: new Date(Date.now() + 60_000) })).total).toBe(0);
      expect((await listAudit(db(), { staffId: owner.id, to: new Date(Date.now() - 3600_000) })).total).toBe(0);
    });
  },
  { seed: false },
);

describe('staff module boundaries', () => {
  it('the schema keeps staff apart from customers', () => {
    expect(s.staffSessions).not.toBe(s.sessions);
  });
});
