// A back-office form that moves money is refused when the order changed after it was rendered (ADR 054), across
// two server processes on one PostgreSQL database. Ten "Betaling ontvangen" forms of one order, rendered in ten
// tabs of two staff (five on each process), submitted at the same moment: one payment is booked, the nine others
// show "De bestelling is intussen gewijzigd…" on the fresh page. An eleventh form, in a browser without
// JavaScript, gets the same message as a plain page. The empty refund ("all that is left") then gives back exactly
// what the order cost. Without the version check this books ten payments and refunds ten times the total.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '~/db/client.server.ts';
import { addStaff } from '~/modules/staff/staff.server.ts';
import { createStaffSession } from '~/modules/staff/staff-sessions.server.ts';
import { expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { Shopper, checkoutForm, productPacks } from './http-shopper.ts';
import { postgresPair } from './postgres-pair.ts';
import type { RunningServer } from './server.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const STALE = 'De bestelling is intussen gewijzigd. Bekijk de actuele gegevens en probeer het opnieuw.';

describe.skipIf(!process.env.TEST_DATABASE_URL)('stale back-office forms across two processes (PostgreSQL)', () => {
  const pair = postgresPair('kk_stale');

  it('ten payment forms submitted at once on two processes book one payment; the empty refund gives back the total once', async () => {
    const { a, b, sql, url } = pair;
    // An owner with a full session, made in the database (the log-in with its TOTP step has its own tests).
    const { db, close } = await openDatabase({ url: url.toString() });
    const added = await addStaff(db, { staffId: null, label: 'cli', clientAddress: 'local' }, { email: `kassa-${Date.now()}@kiemkracht.nl`, name: 'Kassa', role: 'owner' });
    if (!added.ok) throw new Error('staff member not added');
    const token = await createStaffSession(db, added.staffId, 'full', { userAgent: null, clientAddress: null });
    await close();

    // A bank-transfer order placed through the shop's forms on A.
    const buyer = new Shopper(a.url);
    await buyer.add((await productPacks(a.url, 'white-widow')).find((p) => p.available)!.id);
    const placed = await buyer.request('/checkout', { form: checkoutForm((await buyer.request('/checkout')).text, 'tien.tabs@example.com') });
    const number = new URL(placed.location!, a.url).searchParams.get('bestelling')!;
    const money = async () =>
      (
        await sql.query<{ total: number; received: number; payments: number; refunded: number; refunds: number }>(
          `select o.total_minor as total,
             (select coalesce(sum(amount_minor), 0)::int from payments where order_id = o.id and received_at is not null and state = 'complete') as received,
             (select count(*)::int from payments where order_id = o.id and received_at is not null) as payments,
             (select coalesce(sum(r.amount_minor), 0)::int from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id) as refunded,
             (select count(*)::int from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id) as refunds
           from orders o where o.number = $1`,
          [number],
        )
      ).rows[0]!;
    const { total } = await money();

    // Two staff, five tabs each: one on process A, one on process B. Every tab renders the order page (its own key).
    const staffOn = async (server: RunningServer, javaScriptEnabled = true) => {
      const first = await newPage({ baseURL: server.url, javaScriptEnabled });
      await first.context().addCookies([{ name: 'kk_staff', value: token, url: server.url }]);
      return first;
    };
    const tabs: Page[] = [];
    for (const server of [a, b]) {
      const first = await staffOn(server);
      tabs.push(first, ...(await Promise.all(Array.from({ length: 4 }, () => first.context().newPage()))));
    }
    // Each tab with "Betaling ontvangen" opened from its button's address (ADR 064).
    const path = `/beheer/bestellingen/${number}?actie=betaling`;
    await Promise.all(tabs.map((tab) => tab.goto(path).then(() => hydrated(tab))));
    // An eleventh form, in a browser without JavaScript: a plain POST and a whole page back.
    const plain = await staffOn(b, false);
    await plain.goto(path);
    const form = (page: Page) => page.getByTestId('payment-received-form');
    for (const tab of [...tabs, plain]) expect(await form(tab).getByRole('textbox', { name: 'Bedrag' }).inputValue()).toMatch(/^\d+,\d\d$/);

    // All ten at once.
    await Promise.all(tabs.map((tab) => form(tab).getByRole('button', { name: 'Betaling boeken' }).click()));
    const outcome = async (tab: Page) => {
      await expect.poll(() => tab.getByTestId('form-success').or(tab.getByRole('alert')).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      return (await tab.getByTestId('form-success').count()) > 0 ? 'booked' : await tab.getByRole('alert').innerText();
    };
    const outcomes = await Promise.all(tabs.map(outcome));
    expect(outcomes.filter((o) => o === 'booked')).toHaveLength(1);
    expect(outcomes.filter((o) => o === STALE)).toHaveLength(9);
    expect(await money()).toMatchObject({ received: total, payments: 1 });
    // The refused tabs show the order as it is now: paid, no payment form any more.
    const refused = tabs[outcomes.indexOf(STALE)]!;
    await expect.poll(() => form(refused).count()).toBe(0);
    await expectAxeClean(refused);

    // Without JavaScript: the same refusal, as the whole fresh page.
    await form(plain).getByRole('button', { name: 'Betaling boeken' }).click();
    await expect.poll(() => plain.getByRole('alert').innerText()).toBe(STALE);
    expect(await form(plain).count()).toBe(0);
    expect(await money()).toMatchObject({ received: total, payments: 1 });

    // "All that is left", from a fresh page on the other process than the one that booked: exactly the total, once.
    const refunder = await staffOn(outcomes[0] === 'booked' ? b : a);
    await refunder.goto(`/beheer/bestellingen/${number}?actie=terugbetalen`);
    await hydrated(refunder);
    const refund = refunder.getByTestId('action-refund');
    await refund.getByRole('button', { name: 'Terugbetalen' }).click();
    await expect.poll(() => refunder.getByTestId('form-success').innerText()).toMatch(/Terugbetaling van €\s[\d.,]+ vastgelegd/);
    expect(await money()).toMatchObject({ received: total, refunded: total, refunds: 1 });
    // The refusals' 409 answers.
    ignoreErrors(/status of 409/);
  }, 180_000);
});
