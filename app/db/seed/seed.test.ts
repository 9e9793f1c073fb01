import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../client.server.ts';
import { describeEachDatabase } from '../test-db.ts';
import { seed } from './index.ts';

describeEachDatabase('seed', (ctx) => {
  it('loads the eleven regions of SPEC §3 with their currencies', async () => {
    const rows = await queryRows<{ code: string; currency: string }>(ctx().db, sql`select code, currency from regions order by code`);
    expect(Object.fromEntries(rows.map((r) => [r.code, r.currency]))).toEqual({
      at: 'EUR', au: 'AUD', ca: 'CAD', ch: 'CHF', de: 'EUR', en: 'EUR', fr: 'EUR', nl: 'EUR', nz: 'NZD', uk: 'GBP', us: 'USD',
    });
  });

  it('gives every region a default country it ships to, in its own currency', async () => {
    const bad = await queryRows(ctx().db, sql`
      select r.code from regions r
      where not exists (select 1 from region_countries rc where rc.region_code = r.code and rc.country_id = r.default_country_id)
         or exists (select 1 from region_countries rc join countries c on c.id = rc.country_id
                    where rc.region_code = r.code and c.currency <> r.currency)`);
    expect(bad).toEqual([]);
  });

  it('gives every country carrier info and both carrier rates', async () => {
    const rows = await queryRows<{ iso: string; rates: number; info: number }>(ctx().db, sql`
      select c.iso, (select count(*)::int from shipping_rates s where s.country_id = c.id) as rates,
             (select count(*)::int from carrier_info i where i.country_id = c.id and i.min_days <= i.max_days) as info
      from countries c`);
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) expect([r.iso, r.rates, r.info]).toEqual([r.iso, 2, 1]);
  });

  it('is idempotent', async () => {
    const count = async () =>
      queryRows<{ n: number }>(ctx().db, sql`select (select count(*) from countries) + (select count(*) from region_countries) + (select count(*) from faq_items) + (select count(*) from collections) as n`);
    const before = await count();
    await seed(ctx().db);
    expect(await count()).toEqual(before);
  });
});
