// The FAQ editor's search words (ADR 070): posted to the back-office action as a staff member would, stored
// normalised, audited with a Dutch label, refused with a Dutch message next to the field when too long.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { type Actor, listAudit } from '~/lib/audit.server.ts';
import { describeAudit } from '~/lib/audit-text.ts';
import { addStaff } from '~/modules/staff/staff.server.ts';
import { createStaffSession } from '~/modules/staff/staff-sessions.server.ts';
import { action } from '~/routes/backoffice/content-faq.tsx';

type Reply = { data: { result: { status?: string; error?: Record<string, string[] | null> } }; init: { status?: number } | null };

describeEachDatabase('FAQ editor: search words', (ctx) => {
  const cli: Actor = { staffId: null, label: 'cli', clientAddress: 'local' };
  const context = () => ({ db: ctx().db, staffTokens: [], secrets: { app: 'x', webhook: 'y' } }) as unknown as AppLoadContext;

  async function post(cookie: string, fields: Record<string, string>) {
    const request = new Request('http://localhost/beheer/inhoud/faq', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'save', ...fields }).toString(),
    });
    return (await action({ request, context: context(), params: {} } as never)) as unknown as Reply;
  }

  it('stores them normalised, audits them as "zoekwoorden", and refuses too long input with a Dutch message', async () => {
    const added = await addStaff(ctx().db, cli, { email: `inhoud-${crypto.randomUUID()}@kiemkracht.nl`, name: 'Redacteur', role: 'content' });
    if (!added.ok) throw new Error('not added');
    const cookie = `kk_staff=${await createStaffSession(ctx().db, added.staffId, 'full', { userAgent: null, clientAddress: null })}`;
    const question = `Zoekwoordentest ${crypto.randomUUID()}?`;
    const entry = { question, answer: 'Ja.', category: 'Bestellen', position: '50' };

    expect((await post(cookie, { ...entry, searchWords: ' mailtje,  pitjes   opkomen ,, ' })).data.result.status).not.toBe('error');
    const [row] = await ctx().db.select().from(s.faqItems).where(eq(s.faqItems.question, question));
    expect(row!.searchWords).toBe('mailtje, pitjes opkomen');

    // Only the search words changed: an update, audited with them before and after.
    await post(cookie, { ...entry, id: String(row!.id), searchWords: 'mailtje, pitjes opkomen, reactietijd' });
    const [updated] = await ctx().db.select().from(s.faqItems).where(eq(s.faqItems.id, row!.id));
    expect(updated!.searchWords).toBe('mailtje, pitjes opkomen, reactietijd');
    const audit = (await listAudit(ctx().db, { entity: 'faq_item', entityId: String(row!.id) })).rows;
    expect(audit.map((a) => a.action).sort()).toEqual(['faq.create', 'faq.update']);
    const change = audit.find((a) => a.action === 'faq.update')!;
    expect(describeAudit({ who: 'Redacteur', ...change }).changes).toEqual([
      { label: 'zoekwoorden', before: 'mailtje, pitjes opkomen', after: 'mailtje, pitjes opkomen, reactietijd' },
    ]);

    // Too long: refused, nothing stored, the message next to the field.
    const term = await post(cookie, { ...entry, id: String(row!.id), searchWords: `mailtje, ${'a'.repeat(61)}` });
    expect(term.init?.status).toBe(400);
    expect(term.data.result.error?.searchWords?.[0]).toMatch(/hoogstens 60 tekens/);
    const total = await post(cookie, { ...entry, id: String(row!.id), searchWords: Array.from({ length: 60 }, (_, i) => `woord${i}`).join(', ') });
    expect(total.data.result.error?.searchWords).toEqual(['Gebruik samen hoogstens 500 tekens aan zoekwoorden.']);
    const [after] = await ctx().db.select().from(s.faqItems).where(eq(s.faqItems.id, row!.id));
    expect(after!.searchWords).toBe('mailtje, pitjes opkomen, reactietijd');
  });
});
