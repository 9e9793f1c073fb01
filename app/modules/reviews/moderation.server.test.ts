import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { type Actor, listAudit } from '~/lib/audit.server.ts';
import { addStaff } from '~/modules/staff/staff.server.ts';
import { moderationList, replyToReview } from './moderation.server.ts';
import { productReviews, saveReview, setReviewStatus } from './reviews.server.ts';

describeEachDatabase('review moderation', (database) => {
  const db = () => database().db;
  const cli: Actor = { staffId: null, label: 'cli', clientAddress: 'local' };
  async function staffActor(): Promise<Actor> {
    const added = await addStaff(db(), cli, { email: `moderator.${Date.now()}.${Math.random()}@kiemkracht.nl`, name: 'Mo de Rator', role: 'support' });
    if (!added.ok) throw new Error('staff not added');
    return { staffId: added.staffId, label: 'moderator', clientAddress: '203.0.113.9' };
  }
  async function customerReview(slug: string) {
    const [user] = await db()
      .insert(s.users)
      .values({ email: `schrijver.${Date.now()}.${Math.random()}@example.nl`, name: 'Sanne de Vries', dateOfBirth: '1990-04-12', passwordHash: 'x' })
      .returning({ id: s.users.id });
    const [product] = await db().select().from(s.products).where(eq(s.products.slug, slug));
    const write = (title: string) =>
      saveReview(db(), { userId: user!.id, productId: product!.id, authorName: 'Sanne V.', rating: 2, title, body: 'Drie van de vijf zaden kwamen niet op, jammer.' });
    const saved = await write('Tegenvaller');
    if (!saved.ok) throw new Error('review not saved');
    return { id: saved.id, productId: product!.id, rewrite: write };
  }
  const reviewCount = async (productId: number) => (await db().select({ n: s.products.reviewCount }).from(s.products).where(eq(s.products.id, productId)))[0]!.n;

  it('a new review waits in the queue (the seeded ones do not); hiding takes it offline with a reason, once, audited', async () => {
    const before = await moderationList(db(), 'nieuw', 1);
    const review = await customerReview('northern-lights');
    const queue = await moderationList(db(), 'nieuw', 1);
    expect(queue.counts.nieuw).toBe(before.counts.nieuw + 1);
    expect(queue.rows.map((r) => r.id)).toContain(review.id);
    const count = await reviewCount(review.productId);

    const actor = await staffActor();
    // A double click and a second moderator at once: one change, one audit entry.
    const results = await Promise.all(Array.from({ length: 5 }, () => setReviewStatus(db(), review.id, 'hidden', { actor, reason: 'Geen ervaring met de zaden' })));
    expect(results).toEqual([true, true, true, true, true]);
    const [row] = await db().select().from(s.reviews).where(eq(s.reviews.id, review.id));
    expect(row).toMatchObject({ status: 'hidden', hiddenReason: 'Geen ervaring met de zaden', checkedBy: actor.staffId });
    expect(await reviewCount(review.productId)).toBe(count - 1);
    const audit = await listAudit(db(), { entity: 'review', entityId: String(review.id) });
    expect(audit.rows.map((a) => a.action)).toEqual(['review.hide']);
    expect(audit.rows[0]).toMatchObject({ staffId: actor.staffId, clientAddress: '203.0.113.9', before: { status: 'published', hiddenReason: null, checked: false }, after: { status: 'hidden', hiddenReason: 'Geen ervaring met de zaden' } });
    expect((await moderationList(db(), 'verborgen', 1)).rows.map((r) => r.id)).toContain(review.id);
    expect((await moderationList(db(), 'nieuw', 1)).rows.map((r) => r.id)).not.toContain(review.id);

    // Published again: counted again, the reason gone.
    expect(await setReviewStatus(db(), review.id, 'published', { actor })).toBe(true);
    expect(await reviewCount(review.productId)).toBe(count);
    const [again] = await db().select().from(s.reviews).where(eq(s.reviews.id, review.id));
    expect(again).toMatchObject({ status: 'published', hiddenReason: null });
    expect(await setReviewStatus(db(), 2_000_000_000, 'hidden', { actor, reason: 'x' })).toBe(false);
  });

  it('an edited review comes back into the queue, and stays hidden if the shop hid it', async () => {
    const review = await customerReview('amnesia-haze');
    const actor = await staffActor();
    await setReviewStatus(db(), review.id, 'hidden', { actor, reason: 'Scheldwoorden' });
    await review.rewrite('Tegenvaller, aangepast');
    const [row] = await db().select().from(s.reviews).where(eq(s.reviews.id, review.id));
    expect(row).toMatchObject({ status: 'hidden', checkedAt: null, title: 'Tegenvaller, aangepast' });
    expect((await moderationList(db(), 'nieuw', 1)).rows.map((r) => r.id)).toContain(review.id);
  });

  it('the shop’s reply shows under the review on the product, and an empty reply removes it; both audited', async () => {
    const review = await customerReview('white-widow');
    const actor = await staffActor();
    expect(await replyToReview(db(), actor, review.id, '  Vervelend! Stuur ons een bericht, dan sturen we nieuwe zaden.  ')).toBe(true);
    const shown = await productReviews(db(), review.productId);
    // The tab shows the most helpful reviews; look the reply up in the table if this one is not among them.
    const inTab = shown.items.find((r) => r.id === review.id);
    if (inTab) expect(inTab.shopReply).toBe('Vervelend! Stuur ons een bericht, dan sturen we nieuwe zaden.');
    const [row] = await db().select({ reply: s.reviews.shopReply, at: s.reviews.shopReplyAt }).from(s.reviews).where(eq(s.reviews.id, review.id));
    expect(row!.reply).toBe('Vervelend! Stuur ons een bericht, dan sturen we nieuwe zaden.');
    expect(row!.at).toBeInstanceOf(Date);
    // The same text again changes nothing.
    expect(await replyToReview(db(), actor, review.id, 'Vervelend! Stuur ons een bericht, dan sturen we nieuwe zaden.')).toBe(true);
    expect(await replyToReview(db(), actor, review.id, '   ')).toBe(true);
    const [gone] = await db().select({ reply: s.reviews.shopReply }).from(s.reviews).where(eq(s.reviews.id, review.id));
    expect(gone!.reply).toBeNull();
    const audit = await db()
      .select({ action: s.auditLog.action })
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entity, 'review'), eq(s.auditLog.entityId, String(review.id))))
      .orderBy(s.auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['review.reply', 'review.reply_removed']);
    expect(await replyToReview(db(), actor, 2_000_000_000, 'Hallo')).toBe(false);
  });

  it('replying is a moderation decision: the review leaves the queue, checked by whoever replied, and stays published', async () => {
    const review = await customerReview('white-widow');
    expect((await moderationList(db(), 'nieuw', 1)).rows.map((r) => r.id)).toContain(review.id);
    const actor = await staffActor();
    expect(await replyToReview(db(), actor, review.id, 'Dank je, we nemen contact op.')).toBe(true);
    const [row] = await db().select().from(s.reviews).where(eq(s.reviews.id, review.id));
    expect(row).toMatchObject({ status: 'published', checkedBy: actor.staffId });
    expect(row!.checkedAt).not.toBeNull();
    expect((await moderationList(db(), 'nieuw', 1)).rows.map((r) => r.id)).not.toContain(review.id);
    expect((await moderationList(db(), 'gepubliceerd', 1)).rows.map((r) => r.id)).toContain(review.id);
    const audit = await listAudit(db(), { entity: 'review', entityId: String(review.id) });
    expect(audit.rows[0]).toMatchObject({ action: 'review.reply', before: { checked: false }, after: { checked: true } });
  });
});
