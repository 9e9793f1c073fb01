// Kiempunten (ADR 075), end to end.
// - The owner sets the rules on /beheer/kiempunten (a threshold below the tier before it is refused next to the
//   field) and gives a customer points on the customer page (an empty reason is refused next to the field); the
//   customer sees balance, tier and progress on /account and the ledger on /account/punten; at checkout
//   "Kiempunten inzetten" takes them off after the coupon, the order page and the staff order page say so; the
//   order shipped earns points, a refund takes them back. Axe and screenshots at 1280 and 375, no sideways scroll.
// - Without JavaScript, in a browser that runs no script: the owner's adjustment and the customer's checkout with
//   points, a form shown before the balance changed refused in Dutch; and the PostgreSQL suite's plain HTTP posts.
// - Two processes on one PostgreSQL database: two open checkout forms spending the same points at once book one
//   debit; a form shown before staff took points off is refused with "Je Kiempunten zijn veranderd…" (409).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { changePoints } from '~/modules/loyalty/loyalty.server.ts';
import { createAccount, freshEmail } from './accounts.ts';
import { hydrated, judged, screenshot, useBrowser } from './browser.ts';
import { checkoutForm, hiddenInputs } from './http-shopper.ts';
import { pairCustomer } from './pair-customer.ts';
import { open } from './pages.ts';
import { postgresPair } from './postgres-pair.ts';
import { addByRequest, fillShipping } from './shop.ts';
import { backofficeShots, orderCli, staffMember } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();
const shot = backofficeShots('loyalty-');

/** Axe and screenshots at 1280 and 375 px, no sideways scroll on the phone. */
const judge = (page: Page, name: string, backoffice = false) => judged(page, name, backoffice ? shot : (p, n) => screenshot(p, `loyalty-${n}`));

describe('Kiempunten in the shop and the back office', () => {
  it('the owner sets the rules and gives points; the customer sees them, spends them, earns on shipping and loses them on a refund', async () => {
    const email = freshEmail('punten');
    const customer = await newPage();
    await createAccount(customer, email, 'Pim Punten');

    // The owner: the rules page refuses a Goud threshold below Zilver's, then saves the defaults again.
    const staff = await newPage();
    await staffMember(staff, `punten.owner.${Date.now()}@kiemkracht.nl`, 'owner', 'Olga Owner');
    await staff.goto('/beheer/kiempunten');
    await hydrated(staff);
    const rules = staff.getByTestId('loyalty-settings');
    const goud = rules.getByTestId('tier-2');
    await goud.getByLabel('Vanaf (euro besteed in 12 maanden)').fill('100');
    await rules.getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => goud.getByText('Vul een heel bedrag in euro in, hoger dan het niveau ervoor.').count()).toBe(1);
    await goud.getByLabel('Vanaf (euro besteed in 12 maanden)').fill('750');
    await rules.getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => staff.getByText('De regels van de Kiempunten zijn opgeslagen.').count()).toBe(1);
    // The saved form is clean: the refused try's message is gone, the saved value shown.
    expect(await goud.getByText('Vul een heel bedrag in euro in, hoger dan het niveau ervoor.').count()).toBe(0);
    expect(await goud.getByLabel('Vanaf (euro besteed in 12 maanden)').getAttribute('aria-invalid')).toBeNull();
    expect(await goud.getByLabel('Vanaf (euro besteed in 12 maanden)').inputValue()).toBe('750');
    await judge(staff, 'settings', true);

    // The customer page: an empty reason is refused, then +500 points with a reason.
    await staff.goto(`/beheer/klanten?zoek=${encodeURIComponent(email)}`);
    await staff.getByRole('link', { name: 'Pim Punten' }).click();
    await staff.waitForURL(/\/beheer\/klanten\/\d+$/);
    await hydrated(staff);
    const customerPath = new URL(staff.url()).pathname;
    // Staff read about the customer, not "Je …": no credit and no points yet.
    expect(await staff.getByTestId('customer-credit').innerText()).toBe('Geen tegoed.');
    expect(await staff.getByTestId('customer-points').innerText()).not.toMatch(/\bje\b/i);
    const form = staff.getByTestId('action-points');
    await form.getByLabel('Punten (met - ervoor om af te halen)').fill('500');
    await form.getByRole('button', { name: 'Punten aanpassen' }).click();
    await expect.poll(() => form.getByText('Vul een reden in: de klant ziet die in het overzicht van de punten.').count()).toBe(1);
    await form.getByLabel('Reden').fill('Welkom bij de Kiempunten');
    await form.getByRole('button', { name: 'Punten aanpassen' }).click();
    await expect.poll(() => staff.getByText('Punten aangepast met +500 punten; het saldo is nu 500 punten.').count()).toBe(1);
    await expect.poll(() => staff.getByTestId('customer-points').innerText()).toContain('Welkom bij de Kiempunten');
    await judge(staff, 'customer', true);
    await staff.goto('/beheer/audit');
    await expect.poll(() => staff.locator('main').innerText()).toMatch(/heeft de Kiempunten van klant #\d+ aangepast met \+500 punten/);

    // The customer: the card on /account and the ledger on /account/punten.
    await open(customer, '/account');
    const card = await customer.getByTestId('account-loyalty').innerText();
    expect(card).toContain('500 punten');
    expect(card).toContain('Niveau Brons: 1% terug in punten');
    expect(card).toContain('voor Zilver');
    await customer.getByRole('link', { name: 'Bekijk je punten' }).click();
    await customer.waitForURL(/\/account\/punten$/);
    const ledger = await customer.getByTestId('loyalty-ledger').innerText();
    expect(ledger).toContain('Aanpassing door de winkel');
    expect(ledger).toContain('Welkom bij de Kiempunten');
    expect(await customer.getByTestId('loyalty-tiers').innerText()).toContain('Goud: vanaf €\u00a0750,00 in 12 maanden, 1,5% terug');
    await judge(customer, 'account');

    // Checkout: the checkbox, the rule, and the summary with the points and what is left.
    await addByRequest(customer, 'skunk-1', '3 zaadjes', 3);
    await open(customer, '/checkout');
    await fillShipping(customer);
    const choice = customer.getByTestId('points-choice');
    expect(await choice.innerText()).toContain('Na de kortingscode betalen je punten de rest');
    await choice.getByLabel('Kiempunten inzetten (500 punten, waard €\u00a05,00)').check();
    await expect.poll(() => customer.getByTestId('checkout-points').innerText()).toContain('5,00');
    await judge(customer, 'checkout');
    await customer.getByLabel(/Bankoverschrijving/).check();
    await customer.getByTestId('place-order').click();
    await customer.waitForURL(/\/order-status\?bestelling=/);
    const number = new URL(customer.url()).searchParams.get('bestelling')!;
    await hydrated(customer);
    expect(await customer.getByTestId('order-points').innerText()).toContain('5,00');
    await judge(customer, 'order-status');

    // Staff: the order page says it; paid and shipped, the order earns points; a refund takes part back.
    await staff.goto(`/beheer/bestellingen/${number}`);
    await hydrated(staff);
    expect(await staff.getByTestId('order-points').innerText()).toContain('5,00');
    expect(await staff.getByTestId('order-summary').innerText()).toContain('Betaald met Kiempunten');
    await orderCli(number, 'paid');
    await orderCli(number, 'ship', '3SPUNTEN12345');
    await open(customer, '/account/punten');
    await expect.poll(() => customer.getByTestId('loyalty-ledger').innerText()).toContain('Gespaard met een bestelling');
    await orderCli(number, 'refund', '5,00');
    await open(customer, '/account/punten');
    await expect.poll(() => customer.getByTestId('loyalty-ledger').innerText()).toContain('Afgeschreven na terugbetaling of annulering');
    expect(await customer.getByTestId('loyalty-ledger').innerText()).toContain(`bestelling ${number}`);
    await staff.goto(customerPath);
    expect(await staff.getByTestId('customer-points').innerText()).toContain(number);
    // The refused forms above answered 400.
    ignoreErrors(/status of 400/);
  }, 300_000);
});

describe('Kiempunten without JavaScript', () => {
  it('the owner gives points and the customer spends them with forms alone; a form shown before the balance changed is refused', async () => {
    const email = freshEmail('punten.zonder.js');
    const customer = await newPage();
    await createAccount(customer, email, 'Nina Nopunt');
    const owner = await newPage();
    await staffMember(owner, freshEmail('punten.eigenaar', 'kiemkracht.nl'), 'owner', 'Olga Owner');
    await owner.goto(`/beheer/klanten?zoek=${encodeURIComponent(email)}`);
    await owner.getByRole('link', { name: 'Nina Nopunt' }).click();
    await owner.waitForURL(/\/beheer\/klanten\/\d+$/);
    const customerPath = new URL(owner.url()).pathname;
    // The owner's "Punten aanpassen" as a plain form post.
    const staff = await newPage({ javaScriptEnabled: false, storageState: await owner.context().storageState() });
    const give = async (points: string, reason: string, after: string) => {
      await staff.goto(customerPath);
      const form = staff.getByTestId('action-points');
      await form.getByLabel('Punten (met - ervoor om af te halen)').fill(points);
      await form.getByLabel('Reden').fill(reason);
      await form.getByRole('button', { name: 'Punten aanpassen' }).click();
      await staff.getByText(`het saldo is nu ${after}.`).waitFor();
    };
    await give('300', 'Welkom', '300 punten');

    // The rules page as a plain form: refused next to the field, then saved clean.
    await staff.goto('/beheer/kiempunten');
    const goud = staff.getByTestId('tier-2');
    await goud.getByLabel('Vanaf (euro besteed in 12 maanden)').fill('100');
    await staff.getByRole('button', { name: 'Opslaan' }).click();
    await goud.getByText('Vul een heel bedrag in euro in, hoger dan het niveau ervoor.').waitFor();
    await goud.getByLabel('Vanaf (euro besteed in 12 maanden)').fill('750');
    await staff.getByRole('button', { name: 'Opslaan' }).click();
    await staff.getByText('De regels van de Kiempunten zijn opgeslagen.').waitFor();
    expect(await goud.getByText('Vul een heel bedrag in euro in, hoger dan het niveau ervoor.').count()).toBe(0);
    expect(await goud.getByLabel('Vanaf (euro besteed in 12 maanden)').inputValue()).toBe('750');

    // The customer's checkout in a browser that runs no script.
    const plain = await newPage({ javaScriptEnabled: false, storageState: await customer.context().storageState() });
    await addByRequest(plain, 'skunk-1', '3 zaadjes');
    await plain.goto('/checkout');
    await fillShipping(plain);
    await plain.getByLabel('Kiempunten inzetten (300 punten, waard €\u00a03,00)').check();
    await plain.getByLabel(/Bankoverschrijving/).check();
    // Meanwhile the owner takes 100 off: the open form still says 300.
    await give('-100', 'Correctie', '200 punten');
    await plain.getByTestId('place-order').click();
    await expect.poll(() => plain.locator('main').innerText()).toContain('Je Kiempunten zijn veranderd sinds je deze pagina opende');
    // The page offers the balance as it is now; nothing was ordered.
    const box = plain.getByLabel('Kiempunten inzetten (200 punten, waard €\u00a02,00)');
    await box.check();
    await judge(plain, 'nojs-changed');
    await plain.getByTestId('place-order').click();
    await plain.waitForURL(/\/order-status\?bestelling=/);
    const number = new URL(plain.url()).searchParams.get('bestelling')!;
    expect(await plain.getByTestId('order-points').innerText()).toContain('2,00');
    await plain.goto('/account/punten');
    const ledger = await plain.getByTestId('loyalty-ledger').innerText();
    expect(ledger).toContain(`bestelling ${number}`);
    expect(ledger).toContain('Correctie');
    ignoreErrors(/status of 409/);
    ignoreErrors(/status of 400/);
  }, 300_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('Kiempunten across two processes (PostgreSQL)', () => {
  const pair = postgresPair('kk_points');

  it('two open checkout forms on two processes spend the points once; a changed balance is refused in Dutch', async () => {
    const { sql } = pair;
    const { db, close, email, userId, pack, shopper, onB } = await pairCustomer(pair, 'punten-race');
    try {
      await db.transaction((tx) => changePoints(tx, { userId, points: 700, kind: 'staff', reason: 'test', sourceKey: `e2e:${userId}` }));
      await shopper.add(pack);
      const pages = [await shopper.request('/checkout'), await onB.request('/checkout')];
      const forms = pages.map((p) => ({ ...checkoutForm(p.text, email), usePoints: 'on', pointsBalance: hiddenInputs(p.text).pointsBalance ?? '' }));
      expect(forms.map((f) => f.pointsBalance)).toEqual(['700', '700']);
      const answers = await Promise.all([shopper.request('/checkout', { form: forms[0]! }), onB.request('/checkout', { form: forms[1]! })]);
      expect(answers.filter((r) => r.location?.startsWith('/order-status'))).toHaveLength(1);
      const other = answers.find((r) => !r.location?.startsWith('/order-status'))!;
      if (other.status === 302) expect(other.location).toBe('/besteloverzicht');
      else {
        expect(other.status).toBe(409);
        expect(other.text).toContain('Je Kiempunten zijn veranderd sinds je deze pagina opende');
      }
      const points = async () =>
        (
          await sql.query<{ balance: number; debits: number; spent: number }>(
            `select (select points from loyalty_balances where user_id = $1) as balance,
               (select count(*)::int from loyalty_ledger where user_id = $1 and kind = 'checkout') as debits,
               (select coalesce(-sum(points), 0)::int from loyalty_ledger where user_id = $1 and kind = 'checkout') as spent`,
            [userId],
          )
        ).rows[0]!;
      const first = await points();
      expect(first.debits).toBe(1);
      expect(first.balance + first.spent).toBe(700);

      // A form shown with the balance, then staff take 1 point off: refused with the Dutch message (409).
      await db.transaction((tx) => changePoints(tx, { userId, points: 400, kind: 'staff', reason: 'test', sourceKey: `e2e:more-${userId}` }));
      await shopper.add(pack);
      const shown = await shopper.request('/checkout');
      const form = { ...checkoutForm(shown.text, email), usePoints: 'on', pointsBalance: hiddenInputs(shown.text).pointsBalance ?? '' };
      await db.transaction((tx) => changePoints(tx, { userId, points: -1, kind: 'staff', reason: 'correctie', sourceKey: `e2e:less-${userId}` }));
      const changed = await onB.request('/checkout', { form });
      expect(changed.status).toBe(409);
      expect(changed.text).toContain('Je Kiempunten zijn veranderd sinds je deze pagina opende');
      expect((await points()).debits).toBe(1);
    } finally {
      await close();
    }
    ignoreErrors(/status of 409/);
  }, 180_000);
});
