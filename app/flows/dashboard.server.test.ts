import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { shopPeriods } from '~/lib/periods.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { dashboard } from './dashboard.server.ts';

// Thursday 13 March 2031, 11:00 in Amsterdam (CET): today began 12 March 23:00 UTC, the week on Monday 9 March 23:00 UTC.
const now = new Date('2031-03-13T10:00:00Z');

describeEachDatabase('dashboard: money received', (database) => {
  const db = () => database().db;

  it('shows completed payments minus refunds per currency, today and this week on the shop calendar, equal to the SQL sums', async () => {
    const order = await insertTestOrder(db(), { email: 'ontvangen@example.nl' });
    let n = 0;
    const pay = async (currency: string, amountMinor: number, state: 'complete' | 'pending', receivedAt: Date | null, updatedAt: Date) => {
      const [p] = await db()
        .insert(s.payments)
        .values({ orderId: order.id, method: 'bank_transfer', provider: 'manual', reference: `dash-${crypto.randomUUID()}`, state, amountMinor, currency, receivedAt, updatedAt, createdAt: updatedAt })
        .returning({ id: s.payments.id });
      return p!.id;
    };
    const refund = async (paymentId: number, currency: string, amountMinor: number, state: 'refunded' | 'failed' | 'manual' | 'pending', at: Date) =>
      db()
        .insert(s.refunds)
        .values({ paymentId, idempotencyKey: `dash-${n++}-${crypto.randomUUID()}`, amountMinor, currency, state, reason: 'test', createdAt: at, updatedAt: at });

    const eurToday = await pay('EUR', 1000, 'complete', new Date('2031-03-12T23:30:00Z'), now); // 00:30 local: today
    await pay('EUR', 2000, 'complete', new Date('2031-03-12T22:30:00Z'), now); // 23:30 local yesterday: this week only
    await pay('EUR', 400, 'complete', null, new Date('2031-03-13T09:00:00Z')); // no received_at: dated by updated_at
    await pay('EUR', 9999, 'pending', new Date('2031-03-13T08:00:00Z'), now); // not received
    await pay('EUR', 7000, 'complete', new Date('2031-03-09T22:30:00Z'), now); // Sunday 23:30 local: last week
    const gbp = await pay('GBP', 5000, 'complete', new Date('2031-03-11T12:00:00Z'), now);
    await refund(eurToday, 'EUR', 300, 'refunded', new Date('2031-03-13T08:00:00Z'));
    await refund(eurToday, 'EUR', 200, 'failed', new Date('2031-03-13T08:00:00Z'));
    await refund(gbp, 'GBP', 500, 'manual', new Date('2031-03-11T13:00:00Z'));
    await refund(eurToday, 'EUR', 100, 'pending', new Date('2031-03-09T20:00:00Z'));

    const d = (await dashboard(db(), 'owner', now)).orders!;
    expect(d.receivedToday).toEqual([{ currency: 'EUR', receivedMinor: 1400, refundedMinor: 300, netMinor: 1100 }]);
    expect(d.receivedWeek).toEqual([
      { currency: 'EUR', receivedMinor: 3400, refundedMinor: 300, netMinor: 3100 },
      { currency: 'GBP', receivedMinor: 5000, refundedMinor: 500, netMinor: 4500 },
    ]);

    // The same figures straight from the payment and refund rows.
    const periods = shopPeriods(now);
    for (const [from, shown] of [
      [periods.today, d.receivedToday],
      [periods.week, d.receivedWeek],
    ] as const) {
      const rows = await queryRows<{ currency: string; net: string }>(
        db(),
        sql`select currency, sum(amount) as net from (
              select currency, amount_minor as amount from payments where state = 'complete' and coalesce(received_at, updated_at) >= ${from.toISOString()}::timestamptz
              union all
              select currency, -amount_minor from refunds where state <> 'failed' and created_at >= ${from.toISOString()}::timestamptz
            ) money group by currency order by currency`,
      );
      expect(shown.map((r) => [r.currency, r.netMinor])).toEqual(rows.map((r) => [r.currency, Number(r.net)]));
    }
  });

  it('leaves the money out for a role that may not see orders', async () => {
    expect((await dashboard(db(), 'catalogue', now)).orders).toBeNull();
  });
});
