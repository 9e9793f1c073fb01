// Store credit (ADR 073), end to end.
// - The owner gives a customer credit on the customer page (an empty reason is refused next to the field); the
//   customer sees the balance on /account and the line on /account/tegoed; at checkout "Tegoed gebruiken" takes
//   it off after the coupon, the order page shows "Betaald met tegoed" and the staff order page too. Axe and
//   screenshots at 1280 and 375 (no sideways scroll on a phone).
// - Without JavaScript, in the browser: "Tegoed gebruiken" pays an order; a form shown before staff changed the
//   balance is refused with the Dutch message next to the checkbox (axe runs on a copy of the no-JS page: see
//   expectAxeClean), and the next submit, with the balance the page now shows, places it.
// - Staff cancel an order paid partly with credit: the customer's ledger shows the credit back once (a replayed
//   cancel books nothing); a refund "als tegoed" raises the balance in the currency the money came in.
// - Two processes on one PostgreSQL database: two open checkout forms of the same customer submitted at once spend
//   the credit once (one debit, never negative), the other gets a Dutch message; a form shown before staff took
//   credit off is refused with "Je tegoed is veranderd…" rather than placed for another amount.
import crypto from 'node:crypto';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adjustCredit, grantCredit } from '~/modules/credit/credit.server.ts';
import { createAccount, freshEmail } from './accounts.ts';
import { hydrated, judged, screenshot, useBrowser } from './browser.ts';
import { checkoutForm, hiddenInputs } from './http-shopper.ts';
import { pairCustomer } from './pair-customer.ts';
import { open } from './pages.ts';
import { postgresPair } from './postgres-pair.ts';
import { addByRequest, fillShipping, section } from './shop.ts';
import { backofficeShots, orderCli, postForm, staffMember } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();
const shot = backofficeShots('credit-');

/** Axe and screenshots at 1280 and 375 px, no sideways scroll on the phone. */
const judge = (page: Page, name: string, backoffice = false) => judged(page, name, backoffice ? shot : (p, n) => screenshot(p, `credit-${n}`));

const euro = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

describe('store credit in the shop and the back office', () => {
  it('the owner gives credit, the customer sees it and pays part of an order with it; the order pages say so', async () => {
    const email = freshEmail('tegoed');
    const customer = await newPage();
    await createAccount(customer, email, 'Tess Tegoed');

    // The owner: the customer page, a refused empty reason, then € 20 with a reason.
    const staff = await newPage();
    await staffMember(staff, `tegoed.owner.${Date.now()}@kiemkracht.nl`, 'owner', 'Olga Owner');
    await staff.goto(`/beheer/klanten?zoek=${encodeURIComponent(email)}`);
    await staff.getByRole('link', { name: 'Tess Tegoed' }).click();
    await staff.waitForURL(/\/beheer\/klanten\/\d+$/);
    await hydrated(staff);
    const customerPath = new URL(staff.url()).pathname;
    const form = staff.getByTestId('action-credit');
    await form.getByLabel('Bedrag (met - ervoor om af te halen)').fill('10,00');
    await form.getByRole('button', { name: 'Tegoed aanpassen' }).click();
    await expect.poll(() => form.getByText('Vul een reden in: de klant ziet die in het overzicht van het tegoed.').count()).toBe(1);
    await form.getByLabel('Reden').fill('Excuus voor de late levering');
    await form.getByRole('button', { name: 'Tegoed aanpassen' }).click();
    await expect.poll(() => staff.getByText('Tegoed aangepast met +€\u00a010,00; het tegoed is nu €\u00a010,00.').count()).toBe(1);
    await expect.poll(() => staff.getByTestId('customer-credit').innerText()).toContain('Excuus voor de late levering');
    await judge(staff, 'customer', true);
    // The audit log says it in Dutch.
    await staff.goto('/beheer/audit');
    await expect.poll(() => staff.locator('main').innerText()).toMatch(/heeft het tegoed van klant #\d+ aangepast met €\s10,00/);

    // The customer: the balance on /account and the ledger on /account/tegoed.
    await open(customer, '/account');
    expect(await customer.getByTestId('account-credit').innerText()).toContain('€\u00a010,00');
    await customer.getByRole('link', { name: 'Bekijk wat er met je tegoed gebeurde' }).click();
    await customer.waitForURL(/\/account\/tegoed$/);
    const ledger = await customer.getByTestId('credit-ledger').innerText();
    expect(ledger).toContain('Aanpassing door de winkel');
    expect(ledger).toContain('Excuus voor de late levering');
    expect(ledger).toContain('Tegoed daarna: €\u00a010,00');
    await judge(customer, 'account-ledger');

    // Checkout: the checkbox with the balance, the rule, and the summary with the credit and what is left to pay.
    await addByRequest(customer, 'skunk-1', '3 zaadjes');
    await open(customer, '/checkout');
    await fillShipping(customer);
    const choice = customer.getByTestId('credit-choice');
    expect(await choice.innerText()).toContain('Na de kortingscode (en je Kiempunten) betaal je de rest met je tegoed');
    await choice.getByLabel('Tegoed gebruiken (€\u00a010,00 beschikbaar)').check();
    const total = euro(await customer.getByTestId('checkout-total').innerText());
    await expect.poll(() => customer.getByTestId('checkout-credit').innerText()).toContain('10,00');
    expect(euro(await customer.getByTestId('checkout-due').innerText())).toBeCloseTo(total - 10, 2);
    await judge(customer, 'checkout');
    await customer.getByLabel(/Bankoverschrijving/).check();
    await customer.getByTestId('place-order').click();
    await customer.waitForURL(/\/order-status\?bestelling=/);
    const number = new URL(customer.url()).searchParams.get('bestelling')!;
    await hydrated(customer);
    expect(await customer.getByTestId('order-credit').innerText()).toContain('10,00');
    expect(await customer.locator('main').innerText()).toContain('Betaald met tegoed');
    await judge(customer, 'order-status');

    // The ledger shows the debit with the order; nothing is left.
    await open(customer, '/account/tegoed');
    const after = await customer.getByTestId('credit-ledger').innerText();
    expect(after).toContain('Betaald met tegoed');
    expect(after).toContain(`bestelling ${number}`);
    expect(await customer.locator('main').innerText()).toContain('Je hebt geen tegoed.');

    // Staff: the order page's totals and money history.
    await staff.goto(`/beheer/bestellingen/${number}`);
    await hydrated(staff);
    expect(await staff.getByTestId('order-credit').innerText()).toContain('10,00');
    expect(await staff.getByTestId('order-summary').innerText()).toContain('Betaald met tegoed');
    // The summary's total is the order's whole total (€ 13,95 + € 3,95), of which € 10,00 was paid with credit.
    expect(await staff.getByTestId('order-total').innerText()).toMatch(/17,90$/);
    await judge(staff, 'order', true);
    await staff.goto(customerPath);
    expect(await staff.getByTestId('customer-credit').innerText()).toContain(number);
    // The empty reason's refusal above answered 400.
    ignoreErrors(/status of 400/);
  }, 300_000);
});

describe('store credit without JavaScript, on cancellation and as a refund', () => {
  let ownerSession: BrowserContextOptions['storageState'];
  /** The owner's page: set up once, later tests start from its stored session (one TOTP log-in per file). */
  const ownerPage = async () => {
    if (ownerSession) return newPage({ storageState: ownerSession });
    const page = await newPage();
    await staffMember(page, freshEmail('tegoed.eigenaar', 'kiemkracht.nl'), 'owner', 'Olga Owner');
    ownerSession = await page.context().storageState();
    return page;
  };
  /** The customer's page in the back office, found by e-mail. */
  const customerPathOf = async (staff: Page, email: string, name: string) => {
    await staff.goto(`/beheer/klanten?zoek=${encodeURIComponent(email)}`);
    await staff.getByRole('link', { name }).click();
    await staff.waitForURL(/\/beheer\/klanten\/\d+$/);
    return new URL(staff.url()).pathname;
  };
  /** "Tegoed aanpassen" on the customer page; waits for the balance it should leave. */
  const adjust = async (staff: Page, path: string, amount: string, reason: string, after: string) => {
    await staff.goto(path);
    await hydrated(staff);
    const form = staff.getByTestId('action-credit');
    await form.getByLabel('Bedrag (met - ervoor om af te halen)').fill(amount);
    await form.getByLabel('Reden').fill(reason);
    await form.getByRole('button', { name: 'Tegoed aanpassen' }).click();
    await expect.poll(() => staff.getByText(`het tegoed is nu ${after}.`).count()).toBe(1);
  };
  const ledgerLines = (page: Page, kind: string) => page.getByTestId('credit-ledger').locator('li').filter({ hasText: kind });

  it('without JavaScript: a form shown before the balance changed is refused next to the checkbox; then the credit pays the order', async () => {
    const email = freshEmail('tegoed.zonder.js');
    const customer = await newPage();
    await createAccount(customer, email, 'Nora Zonder');
    const staff = await ownerPage();
    const customerPath = await customerPathOf(staff, email, 'Nora Zonder');
    await adjust(staff, customerPath, '20,00', 'Excuus voor de vertraging', '€\u00a020,00');

    // The customer's session in a browser that runs no script: a plain checkout form.
    const plain = await newPage({ javaScriptEnabled: false, storageState: await customer.context().storageState() });
    await addByRequest(plain, 'skunk-1', '3 zaadjes');
    await plain.goto('/checkout');
    await fillShipping(plain);
    await plain.getByLabel('Tegoed gebruiken (€\u00a020,00 beschikbaar)').check();
    await plain.getByLabel(/Bankoverschrijving/).check();
    // Meanwhile staff take € 1 off: the open form still says € 20.
    await adjust(staff, customerPath, '-1,00', 'Correctie', '€\u00a019,00');
    await plain.getByTestId('place-order').click();
    await plain.getByTestId('error-useCredit').waitFor();
    expect(await plain.getByTestId('error-useCredit').innerText()).toBe(
      'Je tegoed is veranderd sinds je deze pagina opende (misschien gebruikt in een andere bestelling). Controleer het bedrag en bestel opnieuw.',
    );
    // Next to the checkbox, which now offers the balance as it is and stays ticked; the address is kept.
    const box = plain.getByTestId('credit-choice').getByLabel('Tegoed gebruiken (€\u00a019,00 beschikbaar)');
    expect(await box.isChecked()).toBe(true);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await section(plain, 'Verzendadres').getByLabel('Postcode').inputValue()).toBe('1015 CJ');
    expect(await plain.getByTestId('credit-choice').getByTestId('error-useCredit').count()).toBe(1);
    await judge(plain, 'nojs-changed');

    // The next submit carries the balance shown: € 19 covers the order (€ 13,95 + € 3,95), nothing to pay.
    await plain.getByTestId('place-order').click();
    await plain.waitForURL(/\/order-status\?bestelling=/);
    const number = new URL(plain.url()).searchParams.get('bestelling')!;
    expect(await plain.getByTestId('order-credit').innerText()).toContain('17,90');
    expect(await plain.locator('main').innerText()).toContain('Betaald met tegoed');
    // Nothing paid in money: the summary names no payment method beside € 0.
    expect(await plain.getByTestId('order-items').innerText()).not.toContain('Betaalmethode');
    expect(await plain.getByTestId('instructions-iban').count()).toBe(0);
    await plain.goto('/account/tegoed');
    expect(await ledgerLines(plain, 'Betaald met tegoed').innerText()).toContain(`bestelling ${number}`);
    expect(await ledgerLines(plain, 'Betaald met tegoed').innerText()).toContain('Tegoed daarna: €\u00a01,10');
    expect(await ledgerLines(plain, 'Betaald met tegoed').count()).toBe(1);
    ignoreErrors(/status of 409/);
  }, 300_000);

  it('staff cancel an order paid partly with credit: the credit comes back once; a refund as credit raises the balance', async () => {
    const email = freshEmail('tegoed.annuleren');
    const customer = await newPage();
    await createAccount(customer, email, 'Cas Annuleer');
    const staff = await ownerPage();
    const customerPath = await customerPathOf(staff, email, 'Cas Annuleer');
    await adjust(staff, customerPath, '10,00', 'Welkomstcadeau', '€\u00a010,00');

    // € 10 of credit and € 7,90 by bank transfer.
    const order = async (withCredit: boolean) => {
      await addByRequest(customer, 'skunk-1', '3 zaadjes');
      await open(customer, '/checkout');
      await fillShipping(customer);
      if (withCredit) await customer.getByTestId('use-credit').check();
      await customer.getByLabel(/Bankoverschrijving/).check();
      await customer.getByTestId('place-order').click();
      await customer.waitForURL(/\/order-status\?bestelling=/);
      return new URL(customer.url()).searchParams.get('bestelling')!;
    };
    const partly = await order(true);
    expect(await customer.getByTestId('order-credit').innerText()).toContain('10,00');

    // Staff cancel it; the cancel form posted again (a double click, a retry) books nothing more.
    await staff.goto(`/beheer/bestellingen/${partly}`);
    await hydrated(staff);
    const bar = staff.getByTestId('order-action-bar').getByRole('link', { name: 'Annuleren', exact: true });
    await bar.click();
    await expect.poll(() => bar.getAttribute('aria-expanded')).toBe('true');
    const cancel = staff.getByTestId('action-cancel');
    const replay = Object.fromEntries(await cancel.locator('input[type="hidden"]').evaluateAll((els) => els.map((e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value])));
    await cancel.getByLabel('Ja, annuleer deze bestelling').check();
    await cancel.getByRole('button', { name: 'Bestelling annuleren' }).click();
    await expect.poll(() => staff.getByTestId('form-success').innerText()).toContain('Bestelling geannuleerd');
    const again = await postForm(staff, `/beheer/bestellingen/${partly}`, { ...replay, confirm: 'on' });
    expect(again.status(), 'a replayed cancel is answered, never a 500').toBeLessThan(500);

    await open(customer, '/account/tegoed');
    expect(await ledgerLines(customer, 'Terug na annulering').count()).toBe(1);
    expect(await ledgerLines(customer, 'Terug na annulering').innerText()).toMatch(new RegExp(`bestelling ${partly}[\\s\\S]*\\+€\\s10,00[\\s\\S]*Tegoed daarna: €\\s10,00`));
    await judge(customer, 'ledger-cancelled');

    // An order paid in money (euros), refunded in part as credit at the customer's request.
    const paid = await order(false);
    expect((await orderCli(paid, 'paid')).stdout).toContain('geregistreerd');
    await staff.goto(`/beheer/bestellingen/${paid}`);
    await hydrated(staff);
    const refundLink = staff.getByTestId('order-action-bar').getByRole('link', { name: 'Terugbetalen', exact: true });
    await refundLink.click();
    await expect.poll(() => refundLink.getAttribute('aria-expanded')).toBe('true');
    const refund = staff.getByTestId('action-refund');
    await refund.getByLabel(/Bedrag in euro/).fill('5,00');
    await refund.getByLabel('Terugbetalen als tegoed (alleen als de klant daarom vroeg)').check();
    await refund.getByLabel(/Reden/).fill('Klant wil het als tegoed');
    await refund.getByRole('button', { name: 'Terugbetalen' }).click();
    await expect.poll(() => staff.getByTestId('form-success').innerText()).toContain('als tegoed bijgeschreven');

    await open(customer, '/account/tegoed');
    const refunded = ledgerLines(customer, 'Terugbetaling als tegoed');
    expect(await refunded.count()).toBe(1);
    expect(await refunded.innerText()).toMatch(new RegExp(`bestelling ${paid}[\\s\\S]*\\+€\\s5,00[\\s\\S]*Tegoed daarna: €\\s15,00`));
    await judge(customer, 'ledger-refunded');
    await open(customer, '/account');
    expect(await customer.getByTestId('account-credit').innerText()).toContain('€\u00a015,00');
    // Deleting the account would write it off: the deletion page says how much first.
    await open(customer, '/account/verwijderen');
    expect(await customer.getByTestId('delete-credit').innerText()).toBe('Je hebt nog €\u00a015,00 tegoed. Dat vervalt als je je account verwijdert; gebruik het eerst bij een bestelling als je dat wilt.');
  }, 300_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('store credit across two processes (PostgreSQL)', () => {
  const pair = postgresPair('kk_credit');

  it('two open checkout forms submitted at once on two processes spend the credit once; a changed balance is refused in Dutch', async () => {
    const { sql } = pair;
    const { db, close, email, userId, pack, shopper, onB } = await pairCustomer(pair, 'tegoed-race');
    try {
      await db.transaction((tx) => grantCredit(tx, { userId, currency: 'EUR', amountMinor: 1500, kind: 'claim', reason: 'test', sourceKey: `claim:e2e-${userId}` }));
      await shopper.add(pack);
      // Two tabs: the same customer's checkout rendered on A and on B, each with its own key, both showing € 15.
      const pages = [await shopper.request('/checkout'), await onB.request('/checkout')];
      const forms = pages.map((p) => ({ ...checkoutForm(p.text, email), useCredit: 'on', creditBalanceMinor: hiddenInputs(p.text).creditBalanceMinor ?? '' }));
      expect(forms.map((f) => f.creditBalanceMinor)).toEqual(['1500', '1500']);
      const answers = await Promise.all([shopper.request('/checkout', { form: forms[0]! }), onB.request('/checkout', { form: forms[1]! })]);
      // One order; the other form is answered in Dutch: its cart is empty now (it was serialised behind the first
      // on the cart's lock and sent to the cart page), or, had it got past that, its credit changed (409).
      expect(answers.filter((r) => r.location?.startsWith('/order-status'))).toHaveLength(1);
      const other = answers.find((r) => !r.location?.startsWith('/order-status'))!;
      if (other.status === 302) {
        expect(other.location).toBe('/besteloverzicht');
        expect((await shopper.request('/besteloverzicht')).text).toContain('Je winkelwagen is nog leeg.');
      } else {
        expect(other.status).toBe(409);
        expect(other.text).toContain('Je tegoed is veranderd sinds je deze pagina opende');
      }
      const money = async () =>
        (
          await sql.query<{ balance: number; debits: number; spent: number; orders: number }>(
            `select (select balance_minor from credit_balances where user_id = $1 and currency = 'EUR') as balance,
               (select count(*)::int from credit_ledger where user_id = $1 and kind = 'checkout') as debits,
               (select coalesce(-sum(amount_minor), 0)::int from credit_ledger where user_id = $1 and kind = 'checkout') as spent,
               (select count(*)::int from orders where user_id = $1 and credit_minor > 0) as orders`,
            [userId],
          )
        ).rows[0]!;
      const first = await money();
      expect(first).toMatchObject({ debits: 1, orders: 1 });
      expect(first.balance).toBeGreaterThanOrEqual(0);
      expect(first.balance + first.spent).toBe(1500);

      // A form rendered with the balance, then staff take € 1 off on the other process's database connection:
      // the order is refused with the Dutch message, not placed for a different amount.
      await db.transaction((tx) => grantCredit(tx, { userId, currency: 'EUR', amountMinor: 1000, kind: 'refund', reason: 'test', sourceKey: `refund:e2e-${userId}` }));
      await shopper.add(pack);
      const shown = await shopper.request('/checkout');
      const form = { ...checkoutForm(shown.text, email), useCredit: 'on', creditBalanceMinor: hiddenInputs(shown.text).creditBalanceMinor ?? '' };
      await adjustCredit(db, { staffId: null, label: 'e2e', clientAddress: null }, { userId, currency: 'EUR', amountMinor: -100, reason: 'correctie', key: crypto.randomUUID() });
      const changed = await onB.request('/checkout', { form });
      expect(changed.status).toBe(409);
      expect(changed.text).toContain('Je tegoed is veranderd sinds je deze pagina opende');
      const second = await money();
      expect(second).toMatchObject({ debits: 1, orders: 1 });
      expect(second.balance).toBe(first.balance + 1000 - 100);
    } finally {
      await close();
    }
    ignoreErrors(/status of 409/);
  }, 180_000);
});

