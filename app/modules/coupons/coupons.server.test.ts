import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { onInvalidate } from '~/lib/cache.server.ts';
import { formulaCells } from '~/lib/test-csv.ts';
import { addToCart, applyCoupon, type CartContext, cartContext, getCart, publicCoupons, readPromotions } from '~/modules/cart/cart.server.ts';
import { splitCsv } from '~/lib/csv.ts';
import type { PaymentDeps } from '~/modules/payments/payments.server.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import type { Region } from '~/lib/regions.ts';
import { listAudit } from '~/lib/audit.server.ts';
import type { BatchInput, CouponInput, PromotionInput } from './coupons.schemas.ts';
import { batchCsv, couponForm, createBatch, createCoupon, getCoupon, listCoupons, setCouponActive, updateCoupon } from './coupons.server.ts';
import { CODE_ALPHABET } from './coupons.ts';
import { createPromotion, listPromotions, setPromotionActive, updatePromotion } from './promotions.server.ts';
import { testCheckoutForm } from '~/test/checkout-form.ts';
import { placeOrder } from '~/flows/place-order.server.ts';
import { cancelOrder } from '~/flows/cancel-order.server.ts';

const deps: PaymentDeps = { links: { origin: 'http://shop.test', secret: 'app-secret' }, webhookSecret: 'whsec-test', config: { sandbox: true } };
const actor = { staffId: null, label: 'eigenaar@kiemkracht.nl', clientAddress: '203.0.113.9' };

const rules = (over: Partial<CouponInput> = {}): CouponInput => ({
  kind: 'percent',
  percent: 10,
  amount: null,
  minOrder: null,
  validFrom: null,
  validUntil: null,
  usageLimit: null,
  perCustomerLimit: null,
  isPublic: false,
  combinesWithPromotions: true,
  description: '',
  ...over,
});

describeEachDatabase('back office: coupons and promotions', (database) => {
  let ctx: CartContext;
  let region: Region;
  let packs: { id: number; price: number }[] = [];
  let gift: { id: number };

  beforeAll(async () => {
    const { db } = database();
    const request = new Request('http://shop.test/');
    ctx = await cartContext(db, request);
    region = await regionForRequest(db, request);
    packs = await queryRows<{ id: number; price: number }>(
      db,
      sql`select k.id, pp.price_minor as price from product_packs k join pack_prices pp on pp.pack_id = k.id and pp.currency = 'EUR'
          where not k.is_free and k.seeds = 3 order by k.id limit 8`,
    );
    await db.update(s.productPacks).set({ stock: 50 }).where(sql`${s.productPacks.id} in ${packs.map((p) => p.id)}`);
    gift = (await queryRows<{ id: number }>(db, sql`select id from product_packs where is_free order by id limit 1`))[0]!;
    await db.update(s.productPacks).set({ stock: 50 }).where(eq(s.productPacks.id, gift.id));
  });

  /** A cart of `items` with `coupon`, and the checkout form for the cheapest method the cart showed. */
  async function checkout(items: number[], coupon: string | null, email: string) {
    const { db } = database();
    let cartId: string | null = null;
    for (const packId of items) cartId = (await addToCart(db, cartId, packId, 1, ctx)).cartId;
    if (coupon) await applyCoupon(db, cartId, coupon, ctx);
    const view = await getCart(db, cartId, ctx);
    const nl = region.countries.find((c) => c.iso === 'NL')!;
    const form = testCheckoutForm(email, view.totals.total, { shippingMethod: nl.rates[0]!.carrier });
    return { view, place: () => placeOrder(db, { cartId: cartId!, form, ctx, region }, deps) };
  }

  it('creates a coupon: upper case, euros in every currency, end of the last day, audited, pages dropped', async () => {
    const { db } = database();
    let dropped = 0;
    const stop = onInvalidate(db, () => dropped++);
    const outcome = await createCoupon(
      db,
      actor,
      'HERFST15',
      rules({ kind: 'fixed', percent: undefined, amount: 1500, minOrder: 4000, validFrom: '2026-01-01', validUntil: '2099-10-31', isPublic: true, description: '15 euro korting vanaf 40 euro.' }),
    );
    stop();
    expect(outcome).toBe('created');
    expect(dropped).toBeGreaterThan(0);
    const { coupon } = (await getCoupon(db, 'herfst15'))!;
    expect(coupon).toMatchObject({ code: 'HERFST15', kind: 'fixed', percent: 0, usageLimit: null, isPublic: true, active: true, batchId: null });
    expect(coupon.amounts).toMatchObject({ EUR: 1500, GBP: 1300, USD: 1700 });
    expect(coupon.minOrder).toMatchObject({ EUR: 4000 });
    expect(coupon.validUntil!.toISOString()).toBe('2099-10-31T22:59:59.000Z');
    expect((await publicCoupons(db, 'EUR')).map((c) => c.code)).toContain('HERFST15');
    const { rows } = await listAudit(db, { entity: 'coupon', entityId: 'HERFST15' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'coupon.create', actor: 'eigenaar@kiemkracht.nl' });
    // The same code again (another code, or a second submit) makes nothing.
    expect(await createCoupon(db, actor, 'HERFST15', rules())).toBe('taken');
  });

  it('edits a coupon made from the version the form was read from; an older version is refused and nothing is overwritten', async () => {
    const { db } = database();
    await createCoupon(db, actor, 'BEWERK10', rules({ percent: 10 }), new Date('2026-06-01T10:00:00Z'));
    const read = couponForm((await getCoupon(db, 'BEWERK10'))!.coupon);
    const first = await updateCoupon(db, actor, 'BEWERK10', { ...rules({ percent: 20, usageLimit: 50 }), version: read.version }, new Date('2026-06-01T10:05:00Z'));
    expect(first).toBe('saved');
    const second = await updateCoupon(db, actor, 'BEWERK10', { ...rules({ percent: 30 }), version: read.version });
    expect(second).toBe('stale');
    const { coupon } = (await getCoupon(db, 'BEWERK10'))!;
    expect(coupon).toMatchObject({ percent: 20, usageLimit: 50 });
    expect(await updateCoupon(db, actor, 'BESTAATNIET', { ...rules(), version: read.version })).toBe('not_found');
    const { rows } = await listAudit(db, { entity: 'coupon', entityId: 'BEWERK10', action: 'coupon.update' });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toMatchObject({ percent: 10, usageLimit: null });
    expect(rows[0]!.after).toMatchObject({ percent: 20, usageLimit: 50 });
  });

  it('disabling takes a code out of /kortingscodes, the cart and a checkout already under way; enabling brings it back', async () => {
    const { db } = database();
    await createCoupon(db, actor, 'UIT10', rules({ isPublic: true, description: 'Tien procent.' }));
    const pending = await checkout([packs[0]!.id], 'UIT10', 'uit@example.com');
    expect(pending.view.totals.discount).toBeGreaterThan(0);
    expect(await setCouponActive(db, actor, 'UIT10', false)).toBe(true);
    expect((await publicCoupons(db, 'EUR')).map((c) => c.code)).not.toContain('UIT10');
    // The checkout locks and re-reads the coupon: the order is refused, not placed with a disabled code.
    await expect(pending.place()).rejects.toMatchObject({ code: 'coupon' });
    const cart = (await addToCart(db, null, packs[0]!.id, 1, ctx)).cartId;
    await expect(applyCoupon(db, cart, 'UIT10', ctx)).rejects.toMatchObject({ code: 'coupon_invalid' });
    // A second "disable" (double submit) records nothing more.
    expect(await setCouponActive(db, actor, 'UIT10', false)).toBe(true);
    expect((await listAudit(db, { entity: 'coupon', entityId: 'UIT10', action: 'coupon.disable' })).rows).toHaveLength(1);
    await setCouponActive(db, actor, 'UIT10', true);
    expect((await publicCoupons(db, 'EUR')).map((c) => c.code)).toContain('UIT10');
    await expect(pending.place()).resolves.toMatchObject({ existing: false });
    expect(await setCouponActive(db, actor, 'ONBEKEND', false)).toBe(false);
  });

  it('a checkout that starts while staff are disabling the code waits for them and is refused (the coupon row lock)', async () => {
    const { db, driver } = database();
    await createCoupon(db, actor, 'TEGELIJK', rules());
    const pending = await checkout([packs[0]!.id], 'TEGELIJK', 'tegelijk.uit@example.com');
    let settled = false;
    let placing: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.update(s.coupons).set({ active: false }).where(eq(s.coupons.code, 'TEGELIJK'));
      placing = pending.place().finally(() => (settled = true));
      placing.catch(() => {});
      // PostgreSQL: the checkout is seen waiting for a lock. PGlite runs one transaction at a time: it cannot start.
      if (driver === 'postgres') {
        const waiting = sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
        await expect.poll(async () => (await queryRows<{ n: number }>(tx, waiting))[0]!.n).toBeGreaterThan(0);
      }
      // Still waiting for the staff transaction: it has not priced the order with the old coupon.
      expect(settled).toBe(false);
    });
    await expect(placing).rejects.toMatchObject({ code: 'coupon' });
    expect(await db.$count(s.couponRedemptions, eq(s.couponRedemptions.couponCode, 'TEGELIJK'))).toBe(0);
  });

  it('counts redemptions from coupon_redemptions, keeps the per-customer limit, and gives a use back on cancel', async () => {
    const { db } = database();
    await createCoupon(db, actor, 'PERKLANT', rules({ perCustomerLimit: 1, usageLimit: 3 }));
    const first = await (await checkout([packs[1]!.id], 'PERKLANT', 'klant@example.com')).place();
    await expect((await checkout([packs[1]!.id], 'PERKLANT', 'KLANT@example.com')).place()).rejects.toMatchObject({ code: 'coupon' });
    await (await checkout([packs[2]!.id], 'PERKLANT', 'ander@example.com')).place();
    const row = async () => (await listCoupons(db, { q: 'PERKLANT', origin: 'los' }, 1)).rows[0]!;
    expect(await row()).toMatchObject({ code: 'PERKLANT', used: 2, usageLimit: 3 });
    expect((await getCoupon(db, 'PERKLANT'))!.used).toBe(2);
    await cancelOrder(db, first.number);
    expect(await row()).toMatchObject({ used: 1 });
    // The cancelled customer may use it again.
    await expect((await checkout([packs[1]!.id], 'PERKLANT', 'klant@example.com')).place()).resolves.toBeTruthy();
  });

  it('filters the list by status, kind, origin and search', async () => {
    const { db } = database();
    const now = new Date();
    await createCoupon(db, actor, 'LIJST-VERLOPEN', rules({ validUntil: '2020-01-31' }));
    await createCoupon(db, actor, 'LIJST-GEPLAND', rules({ kind: 'free_shipping', percent: undefined, validFrom: '2099-01-01' }));
    await createCoupon(db, actor, 'LIJST-OP', rules({ usageLimit: 1 }));
    await db.insert(s.couponRedemptions).values({ couponCode: 'LIJST-OP', orderId: (await db.select({ id: s.orders.id }).from(s.orders).limit(1))[0]!.id, email: 'x@example.com' });
    const codes = async (f: Partial<Parameters<typeof listCoupons>[1]>) => (await listCoupons(db, { q: 'LIJST-', origin: 'los', ...f }, 1, now)).rows.map((r) => r.code).sort();
    expect(await codes({})).toEqual(['LIJST-GEPLAND', 'LIJST-OP', 'LIJST-VERLOPEN']);
    expect(await codes({ status: 'expired' })).toEqual(['LIJST-VERLOPEN']);
    expect(await codes({ status: 'scheduled' })).toEqual(['LIJST-GEPLAND']);
    expect(await codes({ status: 'used_up' })).toEqual(['LIJST-OP']);
    expect(await codes({ kind: 'free_shipping' })).toEqual(['LIJST-GEPLAND']);
    expect(await codes({ origin: 'reeks' })).toEqual([]);
    // LIKE wildcards in the search are taken literally.
    expect((await listCoupons(db, { q: 'LIJST_OP', origin: 'alle' }, 1)).total).toBe(0);
    expect((await listCoupons(db, { q: 'lijst-op', origin: 'alle' }, 1)).total).toBe(1);
  });

  it('a batch: N unique single-use codes of the unambiguous alphabet, once per form key, never public', async () => {
    const { db } = database();
    const input: BatchInput = { ...rules({ kind: 'fixed', percent: undefined, amount: 500 }), key: crypto.randomUUID(), prefix: 'FLYER', count: 1200 };
    const { batch, existing } = await createBatch(db, actor, input);
    expect(existing).toBe(false);
    const codes = await db.select().from(s.coupons).where(eq(s.coupons.batchId, batch.id));
    expect(codes).toHaveLength(1200);
    expect(new Set(codes.map((c) => c.code)).size).toBe(1200);
    for (const c of codes) {
      expect(c.code).toMatch(new RegExp(`^FLYER-[${CODE_ALPHABET}]{10}$`));
      expect(c).toMatchObject({ usageLimit: 1, perCustomerLimit: 1, isPublic: false, kind: 'fixed' });
    }
    const again = await createBatch(db, actor, input);
    expect(again).toMatchObject({ existing: true, batch: { id: batch.id } });
    expect(await db.$count(s.coupons, eq(s.coupons.batchId, batch.id))).toBe(1200);
    expect((await listAudit(db, { entity: 'coupon_batch', action: 'coupon.batch' })).rows.filter((r) => r.entityId === String(batch.id))).toHaveLength(1);
    // A code is single use: the second order with it is refused.
    const code = codes[0]!.code;
    await (await checkout([packs[3]!.id], code, 'flyer1@example.com')).place();
    const cart = (await addToCart(db, null, packs[3]!.id, 1, ctx)).cartId;
    await expect(applyCoupon(db, cart, code, ctx)).rejects.toMatchObject({ code: 'coupon_invalid' });
  });

  it('a batch draws again when a code exists already, so it still has N different codes', async () => {
    const { db } = database();
    await createCoupon(db, actor, 'DUBBEL-2222222222', rules());
    // The first draws all give the taken code; then the real randomness.
    let calls = 0;
    const random = (n: number) => (calls++ < 3 ? new Uint8Array(n) : crypto.randomBytes(n));
    const { batch } = await createBatch(db, actor, { ...rules(), key: crypto.randomUUID(), prefix: 'DUBBEL', count: 5 }, new Date(), random);
    const codes = await db.select({ code: s.coupons.code }).from(s.coupons).where(eq(s.coupons.batchId, batch.id));
    expect(codes).toHaveLength(5);
    expect(codes.map((c) => c.code)).not.toContain('DUBBEL-2222222222');
  });

  it('the CSV of a batch: BOM, Dutch header, one line per code, formulas neutralised, download audited', async () => {
    const { db } = database();
    const { batch } = await createBatch(db, actor, { ...rules({ description: '=HYPERLINK("http://kwaad.example";"klik"),=1+1 x' }), key: crypto.randomUUID(), prefix: 'CSV', count: 3 });
    const file = (await batchCsv(db, actor, batch.id))!;
    expect(file.name).toBe(`kiemkracht-codes-CSV-${batch.id}.csv`);
    expect(file.body.startsWith('\uFEFF')).toBe(true);
    const rows = splitCsv(file.body.slice(1), ';');
    expect(rows[0]).toEqual(['Code', 'Soort', 'Waarde', 'Minimale bestelwaarde', 'Geldig vanaf', 'Geldig tot en met', 'Gebruikt', 'Omschrijving']);
    expect(rows.slice(1)).toHaveLength(3);
    for (const row of rows.slice(1)) {
      expect(row[0]).toMatch(/^CSV-[A-Z2-9]{10}$/);
      expect(row.slice(1)).toEqual(['Percentage', '10%', '', '', '', '0', `'=HYPERLINK("http://kwaad.example";"klik"),'=1+1 x`]);
    }
    expect(formulaCells(file.body, ',')).toEqual([]);
    expect(formulaCells(file.body, ';')).toEqual([]);
    expect((await listAudit(db, { entity: 'coupon_batch', action: 'coupon.batch_download' })).rows[0]).toMatchObject({ entityId: String(batch.id) });
    expect(await batchCsv(db, actor, 999_999)).toBeNull();
  });

  it('promotions: only free packs, validity, disable and stale edits; the shop sees the change at once', async () => {
    const { db } = database();
    const [paid] = packs;
    const input = (over: Partial<PromotionInput> = {}): PromotionInput => ({ name: 'Gratis zaadje vanaf €30', packId: gift.id, quantity: 1, threshold: 3000, validFrom: null, validUntil: null, ...over });
    expect(await createPromotion(db, actor, input({ packId: paid!.id }))).toBe('pack');
    let dropped = 0;
    const stop = onInvalidate(db, () => dropped++);
    const made = await createPromotion(db, actor, input());
    stop();
    if (made === 'pack') throw new Error('not made');
    expect(dropped).toBeGreaterThan(0);
    const promo = (await readPromotions(db)).find((p) => p.id === made.id)!;
    expect(promo.thresholds).toMatchObject({ EUR: 3000 });
    const [row] = await db.select().from(s.freePackPromotions).where(eq(s.freePackPromotions.id, made.id));
    expect(await updatePromotion(db, actor, made.id, { ...input({ validFrom: '2099-01-01' }), version: row!.updatedAt.toISOString() })).toBe('saved');
    expect(await updatePromotion(db, actor, made.id, { ...input({ quantity: 3 }), version: row!.updatedAt.toISOString() })).toBe('stale');
    const [after] = await db.select().from(s.freePackPromotions).where(eq(s.freePackPromotions.id, made.id));
    expect(after).toMatchObject({ quantity: 1 });
    expect(after!.validFrom!.toISOString()).toBe('2098-12-31T23:00:00.000Z');
    expect(await setPromotionActive(db, actor, made.id, false)).toBe(true);
    expect((await readPromotions(db)).map((p) => p.id)).not.toContain(made.id);
    expect((await listPromotions(db)).find((p) => p.id === made.id)).toMatchObject({ active: false });
    const actions = (await listAudit(db, { entity: 'promotion', entityId: String(made.id) })).rows.map((r) => r.action).sort();
    expect(actions).toEqual(['promotion.create', 'promotion.disable', 'promotion.update']);
  });

  it('the stacking rule at checkout: a coupon that does not combine gives no free seeds; one that does keeps them', async () => {
    const { db } = database();
    await createCoupon(db, actor, 'SOLO5', rules({ percent: 5, combinesWithPromotions: false }));
    await createCoupon(db, actor, 'SAMEN5', rules({ percent: 5 }));
    const big = [packs[4]!.id, packs[5]!.id, packs[6]!.id, packs[7]!.id];
    const solo = await checkout(big, 'SOLO5', 'solo@example.com');
    expect(solo.view.totals.subtotal - solo.view.totals.discount).toBeGreaterThanOrEqual(5000);
    expect(solo.view.totals).toMatchObject({ freeLines: [], promotionsExcluded: true });
    const placedSolo = await solo.place();
    const together = await checkout(big, 'SAMEN5', 'samen@example.com');
    expect(together.view.totals.freeLines.length).toBeGreaterThan(0);
    const placedTogether = await together.place();
    const freeLines = async (number: string) =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from order_lines l join orders o on o.id = l.order_id where o.number = ${number} and l.is_free`))[0]!.n;
    expect(await freeLines(placedSolo.number)).toBe(0);
    expect(await freeLines(placedTogether.number)).toBeGreaterThan(0);
  });
});
