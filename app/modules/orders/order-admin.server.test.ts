import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { listAudit } from '~/lib/audit.server.ts';
import { addStaff } from '~/modules/staff/staff.server.ts';
import { dashboard } from '~/flows/dashboard.server.ts';
import { readOrderQuery } from './order-query.ts';
import { addOrderNote, listOrders, orderDetail } from './order-admin.server.ts';

const query = (qs: string) => {
  const { ignored: _ignored, ...q } = readOrderQuery(new URLSearchParams(qs));
  return q;
};

describeEachDatabase('back-office orders', (ctx) => {
  const db = () => ctx().db;
  const tag = crypto.randomBytes(3).toString('hex');

  it('searches by number, e-mail, name and payment reference; filters; counts per state; sorts and pages', async () => {
    const paid = await insertTestOrder(db(), { email: `betaald.${tag}@example.nl` });
    const open = await insertTestOrder(db(), { email: `open.${tag}@example.nl`, status: 'new' });
    await db().update(s.orders).set({ totalMinor: 9900 }).where(eq(s.orders.id, open.id));
    await db().insert(s.payments).values({ orderId: open.id, method: 'bank_transfer', provider: 'bank', reference: `REF${tag}X`, amountMinor: 9900, currency: 'EUR' });

    expect((await listOrders(db(), query(`zoek=${paid.number.toLowerCase()}`))).rows.map((r) => r.number)).toEqual([paid.number]);
    expect((await listOrders(db(), query(`zoek=open.${tag}`))).rows.map((r) => r.number)).toEqual([open.number]);
    expect((await listOrders(db(), query(`zoek=ref${tag}`))).rows.map((r) => r.number)).toEqual([open.number]);
    const byName = await listOrders(db(), query(`zoek=${tag}`));
    expect(byName.total).toBe(2);
    expect(byName.paymentCounts).toMatchObject({ complete: 1, pending: 1, failed: 0 });
    expect(byName.statusCounts).toMatchObject({ shipped: 1, new: 1 });
    // A state filter keeps the counts of its own states (they are the chips to switch between).
    const onlyPaid = await listOrders(db(), query(`zoek=${tag}&betaling=complete`));
    expect(onlyPaid.rows.map((r) => r.number)).toEqual([paid.number]);
    expect(onlyPaid.paymentCounts).toMatchObject({ complete: 1, pending: 1 });
    expect(onlyPaid.statusCounts).toMatchObject({ shipped: 1, new: 0 });
    expect((await listOrders(db(), query(`zoek=${tag}&sortering=hoog`))).rows[0]!.number).toBe(open.number);
    expect((await listOrders(db(), query(`zoek=${tag}&sortering=laag`))).rows[0]!.number).toBe(paid.number);
    expect((await listOrders(db(), query(`zoek=${tag}&methode=online`))).total).toBe(0);
    expect((await listOrders(db(), query(`zoek=${tag}&regio=nl`))).total).toBe(2);
    expect((await listOrders(db(), query(`zoek=${tag}&van=2000-01-01&tot=2000-01-02`))).total).toBe(0);
    expect((await listOrders(db(), query(`zoek=${tag}&pagina=2`))).rows).toEqual([]);
    // LIKE wildcards in the search are literal.
    expect((await listOrders(db(), query('zoek=%25'))).total).toBe(0);
  });

  it('one order in detail, with internal notes stored once per form and audited', async () => {
    const order = await insertTestOrder(db(), { email: `detail.${tag}@example.nl` });
    const added = await addStaff(db(), { staffId: null, label: 'cli', clientAddress: null }, { email: `notes.${tag}@kiemkracht.nl`, name: 'Noor', role: 'support' });
    if (!added.ok) throw new Error('not added');
    const actor = { staffId: added.staffId, label: `notes.${tag}@kiemkracht.nl`, clientAddress: '203.0.113.5' };
    const key = crypto.randomUUID();
    const twice = await Promise.all([addOrderNote(db(), actor, order.number, 'Klant belde: graag voor vrijdag.', key), addOrderNote(db(), actor, order.number, 'Klant belde: graag voor vrijdag.', key)]);
    expect(twice).toEqual([true, true]);
    expect(await addOrderNote(db(), actor, 'KK-BESTAAT-NIET', 'x', crypto.randomUUID())).toBe(false);
    const detail = await orderDetail(db(), order.number);
    expect(detail?.lines).toHaveLength(1);
    expect(detail?.notes).toEqual([expect.objectContaining({ body: 'Klant belde: graag voor vrijdag.', author: 'Noor' })]);
    expect(detail?.customer).toBeNull();
    const audit = await listAudit(db(), { entity: 'order', entityId: order.number });
    expect(audit.total).toBe(1);
    expect(audit.rows[0]).toMatchObject({ action: 'order.note', staffId: added.staffId, clientAddress: '203.0.113.5' });
    // The timeline's audit entries come with the staff member's name (who booked or changed what).
    expect(detail?.audit).toEqual([expect.objectContaining({ action: 'order.note', staffName: 'Noor', actor: `notes.${tag}@kiemkracht.nl` })]);
    expect(await orderDetail(db(), 'KK-BESTAAT-NIET')).toBeNull();
  });

  it('the dashboard counts orders and takings per currency today, and the work waiting', async () => {
    const before = (await dashboard(db(), 'owner')).orders!;
    await insertTestOrder(db(), { email: `vandaag.${tag}@example.nl`, status: 'new' });
    await insertTestOrder(db(), { email: `verzenden.${tag}@example.nl`, status: 'processing' });
    const after = (await dashboard(db(), 'owner')).orders!;
    const eur = (d: typeof after) => d.today.find((r) => r.currency === 'EUR') ?? { orders: 0, totalMinor: 0 };
    expect(eur(after).orders - eur(before).orders).toBe(2);
    expect(eur(after).totalMinor - eur(before).totalMinor).toBe(7000);
    expect(after.awaitingPayment - before.awaitingPayment).toBe(1);
    expect(after.toShip - before.toShip).toBe(1);
    expect(after.recent[0]!.email).toMatch(/@example\.nl$/);
  });

  it('the dashboard holds only the parts the role may see', async () => {
    expect(await dashboard(db(), 'catalogue')).toEqual({ orders: null, needsReview: null, charts: null });
    expect(await dashboard(db(), 'content')).toEqual({ orders: null, needsReview: null, charts: null });
    expect(await dashboard(db(), 'support')).toMatchObject({ orders: expect.any(Object), needsReview: null });
    expect(await dashboard(db(), 'orders')).toMatchObject({ orders: expect.any(Object), needsReview: expect.any(Number) });
  });
});
