import { describe, expect, it } from 'vitest';
import { openDatabase } from '~/db/client.server.ts';
import { createTestDatabase, describeEachDatabase } from '~/db/test-db.ts';
import * as s from '~/db/schema/index.ts';
import { createSession, getSession, revokeSession } from '~/modules/accounts/sessions.server.ts';
import { orderToken, tokenMatches } from '~/modules/orders/orders.server.ts';
import { signPayload, verifySignature } from '~/modules/payments/providers/provider.server.ts';
import { isStaffToken, loadSecrets, sharedSecret, staffTokensFromEnv } from './secrets.server.ts';

describeEachDatabase(
  'shared secrets',
  (database) => {
    it('are generated once and then always the same; the environment overrides them', async () => {
      const { db } = database();
      const first = await loadSecrets(db, {});
      expect(first.app).toMatch(/^[0-9a-f]{64}$/);
      expect(first.webhook).not.toBe(first.app);
      expect(await loadSecrets(db, {})).toEqual(first);
      expect(await loadSecrets(db, { SESSION_SECRET: 'from-env' })).toEqual({ app: 'from-env', webhook: first.webhook });
    });

    it('a key from an older data folder is carried over on first use only', async () => {
      const { db } = database();
      expect(await sharedSecret(db, 'legacy-test', 'old-value')).toBe('old-value');
      expect(await sharedSecret(db, 'legacy-test', 'another')).toBe('old-value');
    });
  },
  { seed: false },
);

describe.runIf(!!process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL', () => {
  it('starting at once, they get the same keys: what one signs, the other verifies', async () => {
    const made = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    const [a, b] = await Promise.all([openDatabase({ url: made.url }), openDatabase({ url: made.url })]);
    try {
      const [sa, sb] = await Promise.all([loadSecrets(a.db, {}), loadSecrets(b.db, {})]);
      expect(sb).toEqual(sa);
      // A log-in session made by one process is known to the other, and ends there when revoked.
      const [user] = await a.db.insert(s.users).values({ email: 'twee@example.com', name: 'Twee', dateOfBirth: '1990-01-01', passwordHash: 'x' }).returning();
      const session = await createSession(a.db, user!.id, 'test');
      expect((await getSession(b.db, session))?.user.id).toBe(user!.id);
      await revokeSession(b.db, session);
      expect(await getSession(a.db, session)).toBeNull();
      // An order-status link signed by one process opens on the other.
      const token = orderToken(sa.app, 'KK-1001', 'klant@example.com');
      expect(tokenMatches(sb.app, 'KK-1001', 'Klant@example.com', token)).toBe(true);
      // A payment event signed with one process's webhook key verifies on the other.
      const now = new Date();
      const body = JSON.stringify({ id: 'evt_1', reference: 'pay_1', type: 'payment.paid' });
      expect(verifySignature(sb.webhook, body, signPayload(sa.webhook, body, Math.floor(now.getTime() / 1000)), now)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await made.drop();
    }
  });
});

describe('staff API tokens', () => {
  it('come only from STAFF_API_TOKENS, each at least 32 characters', () => {
    expect(staffTokensFromEnv({})).toEqual([]);
    const long = 'x'.repeat(32);
    expect(staffTokensFromEnv({ STAFF_API_TOKENS: ` ${long} ,${long}y ` })).toEqual([long, `${long}y`]);
    expect(() => staffTokensFromEnv({ STAFF_API_TOKENS: 'kort' })).toThrow(/32 tekens/);
  });

  it('a token matches only exactly, and nothing matches when none is configured', () => {
    const t = 'a'.repeat(40);
    expect(isStaffToken(t, [t])).toBe(true);
    expect(isStaffToken(`${t}b`, [t])).toBe(false);
    expect(isStaffToken('', [''])).toBe(false);
    expect(isStaffToken(t, [])).toBe(false);
  });
});
