// Germination claims end to end on the database (ADR 074): a claim per line under the shop's rules with checked
// photos, one claim when a line is sent twice at once, and one decision when two staff decide at once (PGlite and
// PostgreSQL, where the row locks really race).
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { type Db, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { listAudit } from '~/lib/audit.server.ts';
import { claimList, claimOverview, claimsForOrder, claimSummary, replacedOrderNumber, replacementNote, saveClaimRules } from '~/modules/claims/claims.server.ts';
import { DEFAULT_CLAIM_RULES } from '~/modules/claims/claims.ts';
import { orderNumber } from '~/modules/orders/orders.ts';
import { testAddress } from '~/test/test-order.server.ts';
import { insertTestUser } from '~/test/test-user.server.ts';
import { approveWithCredit, approveWithReplacement, ClaimDecisionError, rejectClaim, submitClaim } from './germination-claims.server.ts';

const links = { origin: 'http://shop.test', secret: 'app-secret' };
const actor = { staffId: null, label: 'support@kiemkracht.nl', clientAddress: '203.0.113.9' };
const DAY = 86_400_000;

let photo: File;
async function png(size: number) {
  const data = await sharp({ create: { width: size, height: size, channels: 3, background: { r: 60, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], 'zaaibak.png', { type: 'image/png' });
}

/** A paid order of one 3-seed pack (× 2, € 10 a pack) and a free gift, its parcel sent `sentDaysAgo` days ago. */
async function shippedOrder(db: Db, { sentDaysAgo = 10, sent = true }: { sentDaysAgo?: number; sent?: boolean } = {}) {
  const [pack] = await queryRows<{ id: number }>(db, sql`select id from product_packs where not is_free and seeds = 3 order by id limit 1`);
  const [gift] = await queryRows<{ id: number }>(db, sql`select id from product_packs order by is_free desc, id limit 1`);
  await db.update(s.productPacks).set({ stock: 50 }).where(eq(s.productPacks.id, pack!.id));
  const [o] = await db
    .insert(s.orders)
    .values({
      number: orderNumber((n) => crypto.randomBytes(n)),
      idempotencyKey: crypto.randomUUID(),
      email: `kiem.${crypto.randomBytes(3).toString('hex')}@example.nl`,
      regionCode: 'nl',
      currency: 'EUR',
      status: sent ? 'shipped' : 'processing',
      paymentState: 'complete',
      paymentMethod: 'bank_transfer',
      subtotalMinor: 2000,
      discountMinor: 0,
      shippingMinor: 490,
      totalMinor: 2490,
      carrier: 'tracked_parcel',
      deliveryMinDays: 2,
      deliveryMaxDays: 4,
      shippingAddress: testAddress,
      billingAddress: testAddress,
      paidAt: new Date(),
    })
    .returning();
  const [paid, free] = await db
    .insert(s.orderLines)
    .values([
      { orderId: o!.id, packId: pack!.id, productSlug: 'skunk-1', productName: 'Skunk #1', seeds: 3, quantity: 2, unitPriceMinor: 1000 },
      { orderId: o!.id, packId: gift!.id, productSlug: 'gift', productName: 'Cadeauzaadje', seeds: 1, quantity: 1, unitPriceMinor: 0, isFree: true },
    ])
    .returning();
  const [parcel] = await db
    .insert(s.shipments)
    .values({ orderId: o!.id, carrier: 'tracked_parcel', status: sent ? 'shipped' : 'new', sentAt: sent ? new Date(Date.now() - sentDaysAgo * DAY) : null })
    .returning();
  if (sent) await db.insert(s.shipmentLines).values([{ shipmentId: parcel!.id, orderLineId: paid!.id, quantity: 2 }, { shipmentId: parcel!.id, orderLineId: free!.id, quantity: 1 }]);
  return { order: o!, paid: paid!, free: free!, packId: pack!.id };
}

const input = (lineId: number, over: Partial<{ seedsSown: number; seedsFailed: number }> = {}) => ({ lineId, seedsSown: 6, seedsFailed: 4, method: 'paper' as const, note: 'Twee weken gewacht, 24 °C.', ...over });
const mails = (db: Db, template: string, to: string) => queryRows<{ payload: { data: Record<string, unknown> } }>(db, sql`select payload from outbox where payload->>'template' = ${template} and payload->>'to' = ${to}`);

describeEachDatabase('germination claims', (database) => {
  const db = () => database().db;

  it('a claim with a photo is stored (re-encoded, no metadata), mailed and shown on the order; the line cannot be claimed again', async () => {
    photo ??= await png(600);
    const { order, paid } = await shippedOrder(db());
    const r = await submitClaim(db(), order, input(paid.id), [photo], links);
    expect(r.ok).toBe(true);
    const [stored] = await db().select().from(s.germinationClaimPhotos);
    expect(stored!.width).toBe(600);
    expect(Buffer.from(stored!.data).subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect((await sharp(stored!.data).metadata()).exif).toBeUndefined();
    const [mail] = await mails(db(), 'claim_received', order.email);
    expect(mail!.payload.data).toMatchObject({ orderNumber: order.number, product: 'Skunk #1', seedsFailed: 4, seedsSown: 6 });
    const overview = await claimOverview(db(), order);
    expect(overview.claims.map((c) => [c.state, c.lineId])).toEqual([['submitted', paid.id]]);
    expect(overview.lines.find((l) => l.id === paid.id)!.eligibility).toEqual({ ok: false, why: 'claimed' });
    const again = await submitClaim(db(), order, input(paid.id), [photo], links);
    expect(again).toMatchObject({ ok: false, status: 409 });
  });

  it("an order page's summary: the claims and whether one is possible; an unpaid order allows none", async () => {
    photo ??= await png(600);
    const { order, paid } = await shippedOrder(db());
    expect(await claimSummary(db(), order)).toEqual({ claims: [], canClaim: true, currency: 'EUR' });
    await submitClaim(db(), order, input(paid.id), [photo], links);
    const after = await claimSummary(db(), order);
    expect(after.claims.map((c) => c.lineId)).toEqual([paid.id]);
    expect(await claimSummary(db(), { ...order, status: 'new' })).toEqual({ claims: [], canClaim: false, currency: 'EUR' });
  });

  it("the staff queue counts the claims per state as the table holds them, the waiting oldest first", async () => {
    photo ??= await png(600);
    const { order, paid } = await shippedOrder(db());
    await submitClaim(db(), order, input(paid.id), [photo], links);
    const { rows, counts } = await claimList(db(), 'submitted', 1);
    const held = await queryRows<{ state: string; n: number }>(db(), sql`select state, count(*)::int as n from germination_claims group by state`);
    expect(counts).toEqual({ submitted: 0, approved: 0, rejected: 0, ...Object.fromEntries(held.map((h) => [h.state, h.n])) });
    expect(counts.submitted).toBeGreaterThan(0);
    expect(rows.map((r) => r.createdAt.getTime())).toEqual(rows.map((r) => r.createdAt.getTime()).sort((a, b) => a - b));
  });

  it('two submits of the same line at once make one claim', async () => {
    photo ??= await png(600);
    const { order, paid } = await shippedOrder(db());
    const results = await Promise.all([submitClaim(db(), order, input(paid.id), [photo], links), submitClaim(db(), order, input(paid.id), [photo], links)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.status)).toEqual([409]);
    const rows = await db().select().from(s.germinationClaims).where(eq(s.germinationClaims.orderLineId, paid.id));
    expect(rows).toHaveLength(1);
    expect(await mails(db(), 'claim_received', order.email)).toHaveLength(1);
  });

  it('refuses what the rules leave out, with the message next to the field', async () => {
    photo ??= await png(600);
    const { order, paid, free, packId } = await shippedOrder(db());
    const refused = async (i: ReturnType<typeof input>, files: FormDataEntryValue[] = [photo]) => {
      const r = await submitClaim(db(), order, i, files, links);
      if (r.ok) throw new Error('accepted');
      return r;
    };
    expect((await refused(input(paid.id, { seedsFailed: 1 }))).fieldErrors).toEqual({ seedsFailed: ['De kiemgarantie geldt vanaf 2 niet-gekiemde zaden.'] });
    expect((await refused(input(paid.id, { seedsSown: 7 }))).fieldErrors).toEqual({ seedsSown: ['Je kocht 6 zaadjes van dit product; meer kun je niet melden.'] });
    expect((await refused(input(paid.id, { seedsSown: 3, seedsFailed: 4 }))).fieldErrors.seedsFailed).toEqual(['Er kunnen niet meer zaden mislukt zijn dan je hebt gezaaid.']);
    expect((await refused(input(paid.id), [])).fieldErrors).toEqual({ photos: ['Voeg minstens één foto toe als bewijs.'] });
    expect((await refused(input(paid.id), [photo, photo, photo, photo])).fieldErrors).toEqual({ photos: ['Je kunt hoogstens 3 foto’s meesturen.'] });
    const text = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'x.png', { type: 'image/png' });
    expect((await refused(input(paid.id), [text])).fieldErrors.photos).toEqual(['Dit bestand is geen JPEG-, PNG-, WebP- of AVIF-afbeelding.']);
    expect((await refused(input(paid.id), [await png(100)])).fieldErrors.photos).toEqual(['Een foto moet minstens 400 × 400 pixels zijn.']);
    expect((await refused(input(free.id, { seedsSown: 1, seedsFailed: 1 }))).formError).toBe('Gratis zaden vallen niet onder de kiemgarantie.');
    // The window: 60 days after the latest expected delivery.
    const old = await shippedOrder(db(), { sentDaysAgo: 70 });
    expect((await submitClaim(db(), old.order, input(old.paid.id), [photo], links)) as { formError?: string }).toMatchObject({ formError: 'De termijn voor de kiemgarantie is voorbij.' });
    const unsent = await shippedOrder(db(), { sent: false });
    expect(await submitClaim(db(), unsent.order, input(unsent.paid.id), [photo], links)).toMatchObject({ formError: 'Dit product is nog niet verzonden.' });
    // Rules are settings: an excluded pack, a longer window, and the audit entry of the change.
    await saveClaimRules(db(), actor, { ...DEFAULT_CLAIM_RULES, windowDays: 90, excludedPackIds: [packId] });
    expect(await submitClaim(db(), order, input(paid.id), [photo], links)).toMatchObject({ formError: 'Dit pakket valt niet onder de kiemgarantie.' });
    await saveClaimRules(db(), actor, { ...DEFAULT_CLAIM_RULES, windowDays: 90 });
    expect((await submitClaim(db(), old.order, input(old.paid.id), [photo], links)).ok).toBe(true);
    const audit = await listAudit(db(), { action: 'settings.claim_rules' });
    expect(audit.rows[0]!.after).toMatchObject({ windowDays: 90, excludedPackIds: [] });
    await saveClaimRules(db(), actor, DEFAULT_CLAIM_RULES);
    expect(await db().select().from(s.germinationClaims).where(eq(s.germinationClaims.orderId, order.id))).toHaveLength(0);
  });

  it('approve as replacement: a paid zero-price order of the same pack with its stock taken and its parcel ready; audited and mailed', async () => {
    photo ??= await png(600);
    const { order, paid, packId } = await shippedOrder(db());
    const r = await submitClaim(db(), order, input(paid.id, { seedsFailed: 4 }), [photo], links);
    if (!r.ok) throw new Error('refused');
    const [before] = await db().select({ stock: s.productPacks.stock }).from(s.productPacks).where(eq(s.productPacks.id, packId));
    const { number } = await approveWithReplacement(db(), actor, r.claimId, links);
    const [replacement] = await db().select().from(s.orders).where(eq(s.orders.number, number));
    expect(replacement).toMatchObject({ totalMinor: 0, subtotalMinor: 0, shippingMinor: 0, paymentState: 'complete', status: 'new', stockReserved: true, email: order.email, expiresAt: null });
    expect(replacement!.shippingAddress).toEqual(order.shippingAddress);
    const lines = await db().select().from(s.orderLines).where(eq(s.orderLines.orderId, replacement!.id));
    // 4 failed seeds of a 3-seed pack: two packs.
    expect(lines.map((l) => [l.packId, l.quantity, l.unitPriceMinor])).toEqual([[packId, 2, 0]]);
    const [after] = await db().select({ stock: s.productPacks.stock }).from(s.productPacks).where(eq(s.productPacks.id, packId));
    expect(after!.stock).toBe(before!.stock - 2);
    expect(await db().select().from(s.shipments).where(and(eq(s.shipments.orderId, replacement!.id), sql`sent_at is null`))).toHaveLength(1);
    const [claim] = await claimsForOrder(db(), order.id);
    expect(claim).toMatchObject({ state: 'approved', outcome: 'replacement', replacementNumber: number });
    const [mail] = await mails(db(), 'claim_approved', order.email);
    expect(mail!.payload.data).toMatchObject({ replacement: { number } });
    const audit = await listAudit(db(), { action: 'claim.approve_replacement', entityId: String(r.claimId) });
    expect(audit.rows[0]!.after).toMatchObject({ state: 'approved', outcome: 'replacement', replacementOrder: number });
    // Its order pages say what it replaces; the order it replaces (and any other) says nothing.
    expect(await replacementNote(db(), replacement!)).toBe(`Vervangende bestelling voor ${order.number} (kiemgarantie).`);
    expect(await replacedOrderNumber(db(), replacement!)).toBe(order.number);
    expect(await replacementNote(db(), order)).toBeNull();
    // The replacement is not guaranteed a second time.
    const overview = await claimOverview(db(), replacement!, new Date());
    expect(overview.lines[0]!.eligibility).toEqual({ ok: false, why: 'replacement' });
    // Decided: a second approval or a rejection is refused, nothing more is made.
    await expect(approveWithReplacement(db(), actor, r.claimId, links)).rejects.toMatchObject({ code: 'decided' });
    await expect(rejectClaim(db(), actor, r.claimId, 'Te laat', links)).rejects.toMatchObject({ code: 'decided' });
  });

  it('two staff deciding the same claim at once: one decision, one replacement order at most', async () => {
    photo ??= await png(600);
    for (const pair of ['approve-approve', 'approve-reject'] as const) {
      const { order, paid } = await shippedOrder(db());
      const r = await submitClaim(db(), order, input(paid.id), [photo], links);
      if (!r.ok) throw new Error('refused');
      const second = pair === 'approve-approve' ? approveWithReplacement(db(), actor, r.claimId, links) : rejectClaim(db(), actor, r.claimId, 'Geen zaden op de foto.', links);
      const results = await Promise.allSettled([approveWithReplacement(db(), actor, r.claimId, links), second]);
      expect(results.filter((x) => x.status === 'fulfilled'), pair).toHaveLength(1);
      const failure = results.find((x) => x.status === 'rejected') as PromiseRejectedResult;
      expect(failure.reason).toBeInstanceOf(ClaimDecisionError);
      expect(failure.reason.code).toBe('decided');
      const made = await db().select().from(s.orders).where(eq(s.orders.idempotencyKey, `claim:${r.claimId}`));
      const [claim] = await db().select().from(s.germinationClaims).where(eq(s.germinationClaims.id, r.claimId));
      expect(made).toHaveLength(claim!.state === 'approved' ? 1 : 0);
      const decisions = await listAudit(db(), { entity: 'claim', entityId: String(r.claimId) });
      expect(decisions.rows).toHaveLength(1);
      expect(await mails(db(), claim!.state === 'approved' ? 'claim_approved' : 'claim_rejected', order.email)).toHaveLength(1);
    }
  });

  it('reject: the reason is stored, mailed and shown on the order; out of stock leaves the claim waiting', async () => {
    photo ??= await png(600);
    const { order, paid, packId } = await shippedOrder(db());
    const r = await submitClaim(db(), order, input(paid.id), [photo], links);
    if (!r.ok) throw new Error('refused');
    await db().update(s.productPacks).set({ stock: 0 }).where(eq(s.productPacks.id, packId));
    await expect(approveWithReplacement(db(), actor, r.claimId, links)).rejects.toMatchObject({ code: 'out_of_stock', detail: 'Skunk #1' });
    expect((await claimsForOrder(db(), order.id))[0]!.state).toBe('submitted');
    await rejectClaim(db(), actor, r.claimId, 'Op de foto staan geen zaden van ons.', links);
    expect((await claimsForOrder(db(), order.id))[0]).toMatchObject({ state: 'rejected', reason: 'Op de foto staan geen zaden van ons.' });
    const [mail] = await mails(db(), 'claim_rejected', order.email);
    expect(mail!.payload.data).toMatchObject({ reason: 'Op de foto staan geen zaden van ons.' });
    await db().update(s.productPacks).set({ stock: 50 }).where(eq(s.productPacks.id, packId));
  });

  it('approve as store credit: failed seeds × the price per seed paid, booked once on the account; a guest order has no account', async () => {
    photo ??= await png(600);
    const { order, paid } = await shippedOrder(db());
    const userId = await insertTestUser(db());
    await db().update(s.orders).set({ userId }).where(eq(s.orders.id, order.id));
    const own = { ...order, userId };
    const r = await submitClaim(db(), own, input(paid.id, { seedsSown: 3, seedsFailed: 2 }), [photo], links);
    if (!r.ok) throw new Error('refused');
    // € 10 for 3 seeds, 2 failed: € 6,67.
    const results = await Promise.allSettled([approveWithCredit(db(), actor, r.claimId, links), approveWithCredit(db(), actor, r.claimId, links)]);
    expect(results.filter((x) => x.status === 'fulfilled').map((x) => (x as PromiseFulfilledResult<{ amountMinor: number }>).value.amountMinor)).toEqual([667]);
    const ledger = await db().select().from(s.creditLedger).where(eq(s.creditLedger.userId, userId));
    expect(ledger.map((e) => [e.kind, e.amountMinor, e.currency, e.sourceKey])).toEqual([['claim', 667, 'EUR', `claim:${r.claimId}`]]);
    const [balance] = await db().select().from(s.creditBalances).where(eq(s.creditBalances.userId, userId));
    expect(balance!.balanceMinor).toBe(667);
    expect((await claimsForOrder(db(), order.id))[0]).toMatchObject({ state: 'approved', outcome: 'credit', creditMinor: 667 });
    const [mail] = await mails(db(), 'claim_approved', order.email);
    expect(mail!.payload.data).toMatchObject({ credit: { amount: 667, currency: 'EUR' } });
    const audit = await listAudit(db(), { action: 'claim.approve_credit', entityId: String(r.claimId) });
    expect(audit.rows[0]!.after).toMatchObject({ outcome: 'credit', amountMinor: 667, currency: 'EUR' });

    const guest = await shippedOrder(db());
    const g = await submitClaim(db(), guest.order, input(guest.paid.id), [photo], links);
    if (!g.ok) throw new Error('refused');
    await expect(approveWithCredit(db(), actor, g.claimId, links)).rejects.toMatchObject({ code: 'no_account' });
    expect((await claimsForOrder(db(), guest.order.id))[0]!.state).toBe('submitted');
    // The server refuses it for a guest whatever the page offered; so it does for an account deleted since.
    const gone = await shippedOrder(db());
    await db().update(s.orders).set({ userId }).where(eq(s.orders.id, gone.order.id));
    const c = await submitClaim(db(), { ...gone.order, userId }, input(gone.paid.id), [photo], links);
    if (!c.ok) throw new Error('refused');
    await db().update(s.users).set({ deletedAt: new Date() }).where(eq(s.users.id, userId));
    await expect(approveWithCredit(db(), actor, c.claimId, links)).rejects.toMatchObject({ code: 'no_account' });
    expect((await claimsForOrder(db(), gone.order.id))[0]!.state).toBe('submitted');
  });
});
