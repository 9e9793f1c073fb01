import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { changeStock } from '~/modules/catalog/stock.server.ts';
import type { BackInStockMail, RestockConfirmMail } from '~/modules/mail/mail.ts';
import {
  CONFIRM_VALID_MS,
  confirmRestockMail,
  eraseRestockSubscriptions,
  requestRestockMail,
  restockSubscriptionsOf,
  unsubscribeRestock,
  waitingByPack,
} from './restock.server.ts';

const actor = { staffId: null, label: 'voorraad@kiemkracht.nl', clientAddress: '203.0.113.9' };
let n = 0;
const ctx = (over: { now?: Date } = {}) => ({ origin: 'https://shop.test', client: `198.51.100.${++n % 250}`, ...over });
const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;

describeEachDatabase('back-in-stock mails', (database) => {
  const db = () => database().db;
  let packs: number[] = [];
  let freePack = 0;
  let user = { id: 0, email: '' };

  beforeAll(async () => {
    packs = (await queryRows<{ id: number }>(db(), sql`select id from product_packs where not is_free and seeds = 5 order by id limit 10`)).map((r) => r.id);
    freePack = (await queryRows<{ id: number }>(db(), sql`select id from product_packs where is_free order by id limit 1`))[0]!.id;
    await db()
      .update(s.productPacks)
      .set({ stock: 0 })
      .where(sql`${s.productPacks.id} in ${packs}`);
    const [u] = await db()
      .insert(s.users)
      .values({ email: 'wachter@example.nl', name: 'Wachter', dateOfBirth: '1990-01-01', passwordHash: 'x' })
      .returning({ id: s.users.id, email: s.users.email });
    user = u!;
  });

  async function mailsTo(email: string) {
    const rows = await db().select().from(s.outbox).where(sql`${s.outbox.payload}->>'to' = ${email}`).orderBy(s.outbox.id);
    return rows.map((r) => r.payload as unknown as RestockConfirmMail | BackInStockMail);
  }
  const backInStock = async (email: string) => (await mailsTo(email)).filter((m): m is BackInStockMail => m.template === 'back_in_stock');
  const rowOf = async (packId: number, email: string) =>
    (await db().select().from(s.restockSubscriptions).where(and(eq(s.restockSubscriptions.packId, packId), eq(s.restockSubscriptions.email, email))))[0];
  const restock = (packId: number, amount: number) => changeStock(db(), actor, { key: crypto.randomUUID(), packId, mode: 'delta', amount, basis: 0, reason: 'received', note: null });

  it('a guest confirms by mail, gets one mail with an unsubscribe link when the pack comes back, and not on the next restock', async () => {
    const pack = packs[0]!;
    expect(await requestRestockMail(db(), { packId: pack, email: ' Gast@Example.nl ', userId: null }, ctx())).toBe('check_mail');
    const [confirmMail] = await mailsTo('gast@example.nl');
    expect(confirmMail).toMatchObject({ template: 'restock_confirm', data: { validHours: 72 } });
    // Not yet confirmed: a restock now would not mail them.
    expect((await rowOf(pack, 'gast@example.nl'))!.status).toBe('pending');
    expect(await waitingByPack(db(), [pack])).toEqual(new Map());

    const token = tokenOf((confirmMail as RestockConfirmMail).data.confirmUrl);
    expect((await confirmRestockMail(db(), token)).outcome).toBe('confirmed');
    expect((await confirmRestockMail(db(), token)).outcome).toBe('invalid');
    expect(await waitingByPack(db(), [pack])).toEqual(new Map([[pack, 1]]));

    await restock(pack, 4);
    const mails = await backInStock('gast@example.nl');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.productUrl).toMatch(/^https:\/\/shop\.test\/product\/[a-z0-9-]+$/);
    expect(mails[0]!.data.unsubscribeUrl).toMatch(/^https:\/\/shop\.test\/weer-op-voorraad\/afmelden\?t=[A-Za-z0-9_-]{43}$/);
    expect(mails[0]!.data.seeds).toBe(5);
    expect((await rowOf(pack, 'gast@example.nl'))!.status).toBe('mailed');

    // Sold out and back again: fulfilled, so no second mail until they ask again.
    await db().update(s.productPacks).set({ stock: 0 }).where(eq(s.productPacks.id, pack));
    await restock(pack, 2);
    expect(await backInStock('gast@example.nl')).toHaveLength(1);
  });

  it('a logged-in customer is on the list in one click; a pack in stock or a free pack is refused', async () => {
    const pack = packs[1]!;
    expect(await requestRestockMail(db(), { packId: pack, email: user.email, userId: user.id }, ctx())).toBe('waiting');
    expect(await requestRestockMail(db(), { packId: pack, email: user.email, userId: user.id }, ctx())).toBe('already');
    expect(await mailsTo(user.email)).toEqual([]);
    expect(await waitingByPack(db(), [pack, packs[2]!])).toEqual(new Map([[pack, 1]]));
    await db().update(s.productPacks).set({ stock: 3 }).where(eq(s.productPacks.id, packs[2]!));
    expect(await requestRestockMail(db(), { packId: packs[2]!, email: user.email, userId: user.id }, ctx())).toBe('in_stock');
    expect(await requestRestockMail(db(), { packId: freePack, email: user.email, userId: user.id }, ctx())).toBe('not_found');
    expect(await requestRestockMail(db(), { packId: 2_000_000_000, email: user.email, userId: user.id }, ctx())).toBe('not_found');
  });

  it('any stock increase from 0 mails (here a plain UPDATE, as an order cancellation does); a rolled-back one mails nobody', async () => {
    const pack = packs[3]!;
    await requestRestockMail(db(), { packId: pack, email: 'terug@example.nl', userId: user.id }, ctx());
    await expect(
      db().transaction(async (tx) => {
        await tx.update(s.productPacks).set({ stock: sql`${s.productPacks.stock} + 2` }).where(eq(s.productPacks.id, pack));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await backInStock('terug@example.nl')).toEqual([]);
    expect((await rowOf(pack, 'terug@example.nl'))!.status).toBe('waiting');
    await db().update(s.productPacks).set({ stock: sql`${s.productPacks.stock} + 2` }).where(eq(s.productPacks.id, pack));
    expect(await backInStock('terug@example.nl')).toHaveLength(1);
  });

  it('a guest confirming after the pack came back is told on the page, not mailed; an old link has expired', async () => {
    const [a, b] = [packs[4]!, packs[5]!];
    const now = new Date();
    await requestRestockMail(db(), { packId: a, email: 'laat@example.nl', userId: null }, ctx({ now }));
    await requestRestockMail(db(), { packId: b, email: 'laat@example.nl', userId: null }, ctx({ now }));
    const [ma, mb] = (await mailsTo('laat@example.nl')) as RestockConfirmMail[];
    await restock(a, 1);
    expect(await confirmRestockMail(db(), tokenOf(ma!.data.confirmUrl))).toMatchObject({ outcome: 'in_stock' });
    expect((await rowOf(a, 'laat@example.nl'))!.status).toBe('mailed');
    expect((await confirmRestockMail(db(), tokenOf(mb!.data.confirmUrl), new Date(now.getTime() + CONFIRM_VALID_MS + 1000))).outcome).toBe('expired');
    expect(await backInStock('laat@example.nl')).toEqual([]);
  });

  it('the guest form is rate-limited per address; a second request within ten minutes sends no second mail', async () => {
    const pack = packs[6]!;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await requestRestockMail(db(), { packId: pack, email: 'vaak@example.nl', userId: null }, ctx()));
    expect(answers).toEqual(['check_mail', 'check_mail', 'check_mail', 'rate_limited']);
    expect(await mailsTo('vaak@example.nl')).toHaveLength(1);
  });

  it('the unsubscribe link removes every subscription of that address; export and erasure cover the account and its address', async () => {
    const [a, b] = [packs[7]!, packs[8]!];
    await requestRestockMail(db(), { packId: a, email: 'stop@example.nl', userId: user.id }, ctx());
    await requestRestockMail(db(), { packId: b, email: 'stop@example.nl', userId: user.id }, ctx());
    await restock(a, 1);
    const [mail] = await backInStock('stop@example.nl');
    expect(await unsubscribeRestock(db(), tokenOf(mail!.data.unsubscribeUrl))).toEqual({ email: 'stop@example.nl' });
    expect(await rowOf(b, 'stop@example.nl')).toBeUndefined();
    expect(await unsubscribeRestock(db(), tokenOf(mail!.data.unsubscribeUrl))).toBeNull();

    const exported = await restockSubscriptionsOf(db(), user.id, user.email);
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.every((r) => r.strain && r.seeds === 5)).toBe(true);
    expect(await db().transaction((tx) => eraseRestockSubscriptions(tx, user.id, user.email))).toBe(exported.length);
    expect(await restockSubscriptionsOf(db(), user.id, user.email)).toEqual([]);
  });

  it('PostgreSQL: two racing restocks from 0 and a racing sign-up give each subscriber exactly one mail', async (t) => {
    if (database().driver !== 'postgres') t.skip();
    const pack = packs[9]!;
    const emails = Array.from({ length: 8 }, (_, i) => `race${i}@example.nl`);
    for (const email of emails) await requestRestockMail(db(), { packId: pack, email, userId: user.id }, ctx());
    const late = requestRestockMail(db(), { packId: pack, email: 'laatkomer@example.nl', userId: user.id }, ctx());
    const [first, second, lateOutcome] = await Promise.all([restock(pack, 3), restock(pack, 2), late]);
    expect([first.done, second.done]).toEqual([true, true]);
    for (const email of emails) expect(await backInStock(email)).toHaveLength(1);
    // The sign-up either came first (and was mailed) or saw the stock (and was told so): never left waiting.
    const lateRow = await rowOf(pack, 'laatkomer@example.nl');
    if (lateOutcome === 'in_stock') expect(lateRow).toBeUndefined();
    else expect([lateRow!.status, (await backInStock('laatkomer@example.nl')).length]).toEqual(['mailed', 1]);
    expect(await waitingByPack(db(), [pack])).toEqual(new Map());
  });
});
