import { expect, it } from 'vitest';
import { describeEachDatabase } from '~/db/test-db.ts';
import type { Actor } from '~/lib/audit.server.ts';
import { CLIENT_IP_HEADER } from '~/lib/client-key.ts';
import { attemptStaffPassword, STAFF_RATE_LIMITS } from './staff-auth.server.ts';
import { addStaff, completeSetup } from './staff.server.ts';

const cli: Actor = { staffId: null, label: 'cli', clientAddress: 'local' };
const PASSWORD = 'zaaibed vol kiemplanten';
let n = 0;

describeEachDatabase(
  'staff log-in limits',
  (ctx) => {
    const db = () => ctx().db;
    const request = (ip: string) => new Request('http://localhost/beheer/inloggen', { method: 'POST', headers: { [CLIENT_IP_HEADER]: ip } });

    async function member() {
      const email = `limits.${Date.now()}.${n++}@kiemkracht.nl`;
      const added = await addStaff(db(), cli, { email, name: 'Eva de Vries', role: 'orders' });
      if (!added.ok) throw new Error('not added');
      await completeSetup(db(), added.token, PASSWORD, { userAgent: 'vitest', clientAddress: '203.0.113.1' });
      return email;
    }

    it('only failures count: good log-ins never lock an account, five wrong passwords do', async () => {
      const email = await member();
      const limit = STAFF_RATE_LIMITS.passwordAccount.limit;
      for (let i = 0; i < limit + 3; i++) {
        expect((await attemptStaffPassword(db(), request(`198.51.100.${i}`), email, PASSWORD)).ok).toBe(true);
      }
      for (let i = 0; i < limit; i++) {
        expect(await attemptStaffPassword(db(), request('198.51.100.200'), email, 'fout wachtwoord')).toEqual({ ok: false, reason: 'failed' });
      }
      expect(await attemptStaffPassword(db(), request('198.51.100.201'), email, PASSWORD)).toEqual({ ok: false, reason: 'rate_limited' });
    });

    it("a success clears the account's failures", async () => {
      const email = await member();
      const limit = STAFF_RATE_LIMITS.passwordAccount.limit;
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < limit - 1; i++) expect((await attemptStaffPassword(db(), request('198.51.100.210'), email, 'fout')).ok).toBe(false);
        expect((await attemptStaffPassword(db(), request('198.51.100.210'), email, PASSWORD)).ok).toBe(true);
      }
    });

    it('an office behind one address: many colleagues log in, a few typos among them, nobody is locked out', async () => {
      const office = '192.0.2.77';
      const emails = await Promise.all(Array.from({ length: 4 }, () => member()));
      for (let round = 0; round < 6; round++) {
        for (const email of emails) {
          if (round === 2) expect((await attemptStaffPassword(db(), request(office), email, 'tikfout')).ok).toBe(false);
          expect((await attemptStaffPassword(db(), request(office), email, PASSWORD)).ok).toBe(true);
        }
      }
    });
  },
  { seed: false },
);
