// The order status page's loader on both databases: the signed link shows its own order (lines, payments) and
// nothing of another; a wrong code, another order's code and an unknown number all get one and the same answer.
import crypto from 'node:crypto';
import type { AppLoadContext } from 'react-router';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { orderToken } from '~/modules/orders/orders.server.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { loader } from './order-status.server.ts';

const SECRET = 'order-status-test-secret';

describeEachDatabase('order status page (signed link)', (ctx) => {
  const context = () => ({ db: ctx().db, secrets: { app: SECRET, webhook: 'x' }, payments: { sandbox: true } }) as unknown as AppLoadContext;
  const load = (query: Record<string, string>) =>
    loader({ request: new Request(`http://localhost/order-status?${new URLSearchParams(query)}`), context: context(), params: {} } as never);
  const link = (o: { number: string }, email: string) => ({ bestelling: o.number, code: orderToken(SECRET, o.number, email) });

  async function order(email: string, productName: string, paymentState: 'pending' | 'complete') {
    const { db } = ctx();
    const o = await insertTestOrder(db, { email, status: paymentState === 'pending' ? 'new' : 'processing' });
    const [pack] = await db.select({ id: s.productPacks.id }).from(s.productPacks).limit(1);
    await db.insert(s.orderLines).values({ orderId: o.id, packId: pack!.id, productSlug: 'eigen', productName, seeds: 5, quantity: 2, unitPriceMinor: 1000 });
    await db.insert(s.payments).values({ orderId: o.id, method: 'bank_transfer', provider: 'bank', reference: crypto.randomUUID(), state: paymentState, amountMinor: 3500, currency: 'EUR' });
    return o;
  }

  it("shows the link's own order with its lines and payments, nothing of another order", async () => {
    const mine = await order('sanne@example.nl', 'Alleen van Sanne', 'pending');
    const theirs = await order('jan@example.nl', 'Alleen van Jan', 'complete');
    const page = (await load(link(mine, 'Sanne@Example.nl '))) as { order: { number: string; lines: { name: string }[]; lastPayment: unknown } | null; money: { events: unknown[] } };
    expect(page.order?.number).toBe(mine.number);
    expect(page.order?.lines.map((l) => l.name).sort()).toEqual(['Alleen van Sanne', 'Skunk #1']);
    expect(page.order?.lastPayment).toEqual({ method: 'bank_transfer', state: 'pending' });
    const other = (await load(link(theirs, 'jan@example.nl'))) as typeof page;
    expect(other.order?.lines.map((l) => l.name).sort()).toEqual(['Alleen van Jan', 'Skunk #1']);
    expect(other.order?.lastPayment).toEqual({ method: 'bank_transfer', state: 'complete' });
  });

  it('a wrong code, the code of another order and an unknown number: the same 404 lookup page', async () => {
    const mine = await order('sanne2@example.nl', 'Sanne', 'pending');
    const theirs = await order('jan2@example.nl', 'Jan', 'pending');
    const unknown = await load({ bestelling: 'KK-0000-0000', code: 'x'.repeat(32) });
    expect(unknown).toMatchObject({ data: { order: null, notFound: true }, init: { status: 404 } });
    expect(await load({ bestelling: mine.number, code: 'x'.repeat(32) })).toEqual(unknown);
    expect(await load({ bestelling: mine.number, code: link(theirs, 'jan2@example.nl').code })).toEqual(unknown);
    expect(await load({ bestelling: mine.number, code: link(mine, 'sanne2@example.nl').code.slice(1) })).toEqual(unknown);
    expect(await load({ bestelling: mine.number, code: '' })).toEqual(unknown);
  });
});
