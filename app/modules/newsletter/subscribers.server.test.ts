import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { formulaCells } from '~/lib/test-csv.ts';
import { splitCsv } from '~/lib/csv.ts';
import { type Actor, listAudit } from '~/lib/audit.server.ts';
import { addStaff } from '~/modules/staff/staff.server.ts';
import { exportSubscribers, listSubscribers } from './subscribers.server.ts';

describeEachDatabase('back office: newsletter subscribers', (database) => {
  const db = () => database().db;
  const cli: Actor = { staffId: null, label: 'cli', clientAddress: 'local' };
  const tag = crypto.randomBytes(4).toString('hex');
  const subscriber = (email: string, status: 'pending' | 'confirmed' | 'unsubscribed', over: Partial<typeof s.newsletterSubscribers.$inferInsert> = {}) =>
    db()
      .insert(s.newsletterSubscribers)
      .values({
        email,
        status,
        consentAt: new Date('2026-11-01T09:00:00Z'),
        consentIp: '198.51.100.23',
        consentUserAgent: 'Mozilla/5.0 (iPhone) Safari/605.1',
        consentTextVersion: 'nb-2026-11-v1',
        consentSource: 'home',
        confirmedAt: status === 'pending' ? null : new Date('2026-11-01T09:03:00Z'),
        unsubscribedAt: status === 'unsubscribed' ? new Date('2026-11-10T12:00:00Z') : null,
        ...over,
      });

  it('lists subscribers with their proof of consent, filtered by status and address, with counts per status', async () => {
    await subscriber(`lijst.bevestigd.${tag}@example.nl`, 'confirmed');
    await subscriber(`lijst.wacht.${tag}@example.nl`, 'pending');
    await subscriber(`lijst.weg.${tag}@example.nl`, 'unsubscribed');
    const all = await listSubscribers(db(), { query: `.${tag}@` }, 1);
    expect(all.total).toBe(3);
    expect(all.counts.confirmed).toBeGreaterThanOrEqual(1);
    const confirmed = await listSubscribers(db(), { status: 'confirmed', query: `lijst.bevestigd.${tag}` }, 1);
    expect(confirmed.rows).toEqual([
      expect.objectContaining({ email: `lijst.bevestigd.${tag}@example.nl`, consentIp: '198.51.100.23', consentUserAgent: 'Mozilla/5.0 (iPhone) Safari/605.1', consentTextVersion: 'nb-2026-11-v1', consentSource: 'home' }),
    ]);
    expect((await listSubscribers(db(), { status: 'pending', query: `lijst.bevestigd.${tag}` }, 1)).total).toBe(0);
  });

  it('the CSV for the mail tool: confirmed addresses only, text that a spreadsheet would run is neutralised, audited with the count', async () => {
    const added = await addStaff(db(), cli, { email: `inhoud.${crypto.randomUUID()}@kiemkracht.nl`, name: 'Cas Content', role: 'content' });
    if (!added.ok) throw new Error('staff not added');
    const actor: Actor = { staffId: added.staffId, label: 'Cas Content', clientAddress: '203.0.113.5' };
    await subscriber(`=HYPERLINK("http://evil.example";"klik")${tag}@example.nl`, 'confirmed');
    await subscriber(`+31${tag}@example.nl`, 'confirmed', { consentSource: '@SUM(1+1),=1+1 x' });
    await subscriber(`wacht.${tag}@example.nl`, 'pending');
    await subscriber(`weg.${tag}@example.nl`, 'unsubscribed');
    const csv = await exportSubscribers(db(), actor);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = splitCsv(csv.slice(1), ';');
    expect(rows[0]).toEqual(['E-mailadres', 'Bevestigd op', 'Aangemeld op', 'Via', 'Tekstversie']);
    expect(rows).toContainEqual([`'=HYPERLINK("http://evil.example";"klik")${tag}@example.nl`, '2026-11-01T09:03:00.000Z', '2026-11-01T09:00:00.000Z', 'Homepage', 'nb-2026-11-v1']);
    expect(rows).toContainEqual([`'+31${tag}@example.nl`, '2026-11-01T09:03:00.000Z', '2026-11-01T09:00:00.000Z', `'@SUM(1+1),'=1+1 x`, 'nb-2026-11-v1']);
    expect(formulaCells(csv, ',')).toEqual([]);
    expect(formulaCells(csv, ';')).toEqual([]);
    expect(csv).not.toContain(`wacht.${tag}`);
    expect(csv).not.toContain(`weg.${tag}`);
    const lines = csv.trimEnd().split('\r\n').length - 1;
    const audit = await listAudit(db(), { staffId: added.staffId, action: 'newsletter.export' });
    expect(audit.rows).toEqual([expect.objectContaining({ entity: 'newsletter', after: { addresses: lines } })]);
  });
});
