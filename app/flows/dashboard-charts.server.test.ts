import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { dashboardCharts, daysOfCover, lastShopDays, takingsSeries } from './dashboard-charts.server.ts';

// Wednesday 15 June 2033, 14:00 in Amsterdam (summer time, UTC+2): the 30 days run from 17 May to 15 June.
const now = new Date('2033-06-15T12:00:00Z');

describe('chart helpers', () => {
  it('lists the last 30 shop days, today included, across midnight UTC', () => {
    const days = lastShopDays(new Date('2033-06-14T22:30:00Z'), 30); // 00:30 on 15 June in Amsterdam
    expect(days).toHaveLength(30);
    expect([days[0], days.at(-1)]).toEqual(['2033-05-17', '2033-06-15']);
  });
  it('computes days of cover, none without sales', () => {
    expect(daysOfCover(100, 30)).toBe(100);
    expect(daysOfCover(10, 60)).toBe(5);
    expect(daysOfCover(50, 0)).toBeNull();
  });
  it('fills every day of every currency, refunds subtracted', () => {
    expect(takingsSeries(['d1', 'd2'], [{ currency: 'EUR', day: 'd2', minor: 500 }], [{ currency: 'GBP', day: 'd1', minor: 100 }])).toEqual([
      { currency: 'EUR', days: [{ day: 'd1', netMinor: 0 }, { day: 'd2', netMinor: 500 }] },
      { currency: 'GBP', days: [{ day: 'd1', netMinor: -100 }, { day: 'd2', netMinor: 0 }] },
    ]);
  });
});

describeEachDatabase('dashboard charts', (database) => {
  const db = () => database().db;

  it('shows takings per shop day and currency equal to the sums of the payment and refund rows', async () => {
    const order = await insertTestOrder(db(), { email: 'grafiek@example.nl' });
    const pay = async (currency: string, amountMinor: number, receivedAt: Date | null, updatedAt = now, state: 'complete' | 'failed' = 'complete') => {
      const [p] = await db()
        .insert(s.payments)
        .values({ orderId: order.id, method: 'bank_transfer', provider: 'manual', reference: `chart-${crypto.randomUUID()}`, state, amountMinor, currency, receivedAt, updatedAt, createdAt: updatedAt })
        .returning({ id: s.payments.id });
      return p!.id;
    };
    const first = await pay('EUR', 1000, new Date('2033-06-14T22:30:00Z')); // 00:30 on 15 June locally
    await pay('EUR', 2500, new Date('2033-06-14T21:30:00Z')); // 23:30 on 14 June locally
    await pay('EUR', 700, null, new Date('2033-05-20T10:00:00Z')); // dated by updated_at
    await pay('EUR', 9999, new Date('2033-06-10T10:00:00Z'), now, 'failed'); // not received
    await pay('EUR', 4000, new Date('2033-05-16T12:00:00Z')); // before the 30 days
    await pay('GBP', 3000, new Date('2033-06-01T12:00:00Z'));
    const at = new Date('2033-06-15T08:00:00Z');
    await db().insert(s.refunds).values([
      { paymentId: first, idempotencyKey: crypto.randomUUID(), amountMinor: 300, currency: 'EUR', state: 'refunded', reason: 'test', createdAt: at, updatedAt: at },
      { paymentId: first, idempotencyKey: crypto.randomUUID(), amountMinor: 200, currency: 'EUR', state: 'failed', reason: 'test', createdAt: at, updatedAt: at },
    ]);

    const c = await dashboardCharts(db(), now);
    const eur = new Map(c.takings.find((t) => t.currency === 'EUR')!.days.map((d) => [d.day, d.netMinor]));
    expect(c.takings.find((t) => t.currency === 'EUR')!.days).toHaveLength(30);
    expect([eur.get('2033-06-15'), eur.get('2033-06-14'), eur.get('2033-05-20'), eur.get('2033-06-10')]).toEqual([700, 2500, 700, 0]);
    expect(c.takings.find((t) => t.currency === 'GBP')!.days.find((d) => d.day === '2033-06-01')!.netMinor).toBe(3000);

    // Every day of every currency equals the payment rows minus the refund rows of that shop day, straight from SQL.
    const rows = await queryRows<{ currency: string; day: string; net: string }>(
      db(),
      sql`select currency, day, sum(amount) as net from (
            select currency, to_char(coalesce(received_at, updated_at) at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as day, amount_minor as amount from payments where state = 'complete'
            union all
            select currency, to_char(created_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD'), -amount_minor from refunds where state <> 'failed'
          ) x where day between ${c.from} and ${c.to} group by currency, day`,
    );
    const expected = new Map(rows.map((r) => [`${r.currency} ${r.day}`, Number(r.net)]));
    for (const series of c.takings) for (const d of series.days) expect(d.netMinor, `${series.currency} ${d.day}`).toBe(expected.get(`${series.currency} ${d.day}`) ?? 0);
  });

  it('counts orders per region, the best-selling strains and the days of stock left at the last 30 days’ pace', async () => {
    const [pack] = await queryRows<{ id: number; name: string; seeds: number }>(
      db(),
      sql`select k.id, p.name, k.seeds from product_packs k join products p on p.id = k.product_id where not k.is_free and p.status = 'published' order by k.id desc limit 1`,
    );
    await db().update(s.productPacks).set({ stock: 3 }).where(eq(s.productPacks.id, pack!.id));
    const placed = new Date('2033-06-01T10:00:00Z');
    for (const [region, status] of [['uk', 'shipped'], ['uk', 'new'], ['de', 'shipped'], ['de', 'cancelled']] as const) {
      const o = await insertTestOrder(db(), { email: 'regio@example.nl', status });
      await db().update(s.orders).set({ regionCode: region, createdAt: placed }).where(eq(s.orders.id, o.id));
      await db().insert(s.orderLines).values({ orderId: o.id, packId: pack!.id, productSlug: 'test-slug', productName: pack!.name, seeds: pack!.seeds, quantity: 5, unitPriceMinor: 1000 });
    }

    const c = await dashboardCharts(db(), now);
    expect(c.regions.filter((r) => ['uk', 'de'].includes(r.code)).map((r) => [r.code, r.orders])).toEqual([
      ['uk', 2],
      ['de', 1],
    ]);
    expect(c.topStrains[0]).toEqual({ name: pack!.name, units: 15 });
    // 15 packs in 30 days is 0.5 a day: 3 in stock last 6 days, the fewest, so first.
    expect(c.cover[0]).toEqual({ name: pack!.name, seeds: pack!.seeds, stock: 3, sold: 15, daysLeft: 6 });
  });
});
