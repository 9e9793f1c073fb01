// The back office's order actions (ADR 028): ship in two parcels (the customer's timeline shows both),
// refund in part, resend a mail, change the address, cancel; errors next to their fields, never a 500; the
// payments review page with a late online payment accepted; a support member sees no forms and gets 403.
// Screenshots of the order page and the review page at 1280 and 375 px (BO_SHOTS_DIR to keep them).
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sandboxProvider } from '~/modules/payments/providers/sandbox.server.ts';
import { freshEmail } from './accounts.ts';
import { DESKTOP, MOBILE, baseURL, expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { emailField, open } from './pages.ts';
import { WEBHOOK_SECRET } from './server.ts';
import { addByRequest, fillShipping } from './shop.ts';
import { backofficeShots, orderCli, postForm, staffMember } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 180_000;

const shot = backofficeShots('orders-');

/** Places an order in the shop; returns its number and the customer's status page. */
async function placeOrder(shopper: Page, method: 'Bankoverschrijving' | 'Online betalen', packs: [string, string, number][]) {
  for (const [slug, seeds, quantity] of packs) await addByRequest(shopper, slug, seeds, quantity);
  await open(shopper, '/checkout');
  await emailField(shopper).fill(freshEmail('klant'));
  await fillShipping(shopper);
  await shopper.getByLabel(/Verzekerd pakket met track & trace/).check();
  await shopper.getByLabel(new RegExp(method)).check();
  await shopper.getByTestId('place-order').click();
  if (method === 'Online betalen') {
    await shopper.getByTestId('sandbox-page').waitFor();
    const sandbox = shopper.url();
    const reference = new URL(sandbox).pathname.split('/').pop()!;
    return { number: '', statusUrl: '', sandbox, reference };
  }
  await shopper.waitForURL(/\/order-status\?bestelling=/);
  const url = new URL(shopper.url());
  return { number: url.searchParams.get('bestelling')!, statusUrl: url.pathname + url.search, sandbox: '', reference: '' };
}

const orderPage = async (page: Page, number: string) => {
  await page.goto(`/beheer/bestellingen/${number}`);
  await hydrated(page);
};
const action = (page: Page, intent: string) => page.getByTestId(`action-${intent}`);
/** Opens an action from its button in the order page's action row (ADR 064) and waits until it is the open one. */
const openAction = async (page: Page, button: string) => {
  const link = page.getByTestId('order-action-bar').getByRole('link', { name: button, exact: true });
  await link.click();
  await expect.poll(() => link.getAttribute('aria-expanded')).toBe('true');
};
const success = (page: Page) => page.getByTestId('form-success');

describe('back-office order actions', () => {
  let session: BrowserContextOptions['storageState'];
  /**
   * The orders-role member's page: set up through the UI in the first test; the others start from that session's
   * stored state instead of logging in again (a third TOTP code in one 30 s step had to wait for the next step).
   */
  const staffPage = async () => {
    if (session) return newPage({ storageState: session });
    const page = await newPage();
    await staffMember(page, freshEmail('bestellingen', 'kiemkracht.nl'), 'orders', 'Olga Orders');
    session = await page.context().storageState();
    return page;
  };

  it(
    'ships an order in two parcels, refunds part of it, resends a mail; bad input gets its message next to the field',
    async () => {
      const page = await staffPage();
      const shopper = await newPage();
      const order = await placeOrder(shopper, 'Bankoverschrijving', [
        ['skunk-1', '3 zaadjes', 2],
        ['white-widow', '3 zaadjes', 1],
      ]);
      await orderPage(page, order.number);
      // Not paid yet: no parcel can go (no button, the reason instead).
      expect(await page.getByText('Verzenden kan pas als de bestelling betaald is.').count()).toBe(1);
      expect(await page.getByTestId('order-action-bar').getByRole('link', { name: 'Verzenden', exact: true }).count()).toBe(0);
      expect((await orderCli(order.number, 'paid')).stdout).toContain('geregistreerd');
      await orderPage(page, order.number);
      await openAction(page, 'Verzenden');

      // A tracked parcel without a valid code: the message next to the field, from the server (no 500).
      const ship = action(page, 'ship');
      await ship.getByLabel('Trackingcode').fill('kort');
      await ship.getByRole('button', { name: 'Pakket verzenden' }).click();
      await expect.poll(() => ship.getByTestId('error-trackingCode').innerText()).toContain('Vul een trackingcode in');
      ignoreErrors(/status of 400|status of 409/);
      // The first parcel: one Skunk, no White Widow.
      await ship.getByRole('spinbutton', { name: /Skunk/ }).fill('1');
      await ship.getByRole('spinbutton', { name: /White Widow/ }).fill('0');
      await ship.getByLabel('Trackingcode').fill('3SABC1234567');
      await ship.getByRole('button', { name: 'Pakket verzenden' }).click();
      await expect.poll(() => success(page).innerText()).toContain('Pakket verzonden; de rest staat nog open.');
      await expect.poll(() => page.getByTestId('partly-shipped').count()).toBe(1);

      // The customer sees the parcel sent and what follows.
      await shopper.goto(order.statusUrl);
      await hydrated(shopper);
      expect(await shopper.getByTestId('parcel').count()).toBe(1);
      expect(await shopper.getByTestId('to-ship').innerText()).toMatch(/1× Skunk #1[\s\S]*1× White Widow/);
      await shopper.setViewportSize(MOBILE);
      await expectAxeClean(shopper);
      await shot(shopper, 'customer-parcels-375');

      // More than remains is refused; then the rest goes by regular post.
      await orderPage(page, order.number);
      await openAction(page, 'Verzenden');
      await action(page, 'ship').getByRole('spinbutton', { name: /Skunk/ }).fill('5');
      await action(page, 'ship').getByLabel('Trackingcode').fill('3SABC7654321');
      await action(page, 'ship').getByRole('button', { name: 'Pakket verzenden' }).click();
      await expect.poll(() => action(page, 'ship').getByTestId('form-error').innerText()).toContain('Meer dan er nog te verzenden is: Skunk #1');
      await orderPage(page, order.number);
      await openAction(page, 'Verzenden');
      await action(page, 'ship').getByLabel('Vervoerder').selectOption('regular_post');
      await action(page, 'ship').getByRole('button', { name: 'Pakket verzenden' }).click();
      await expect.poll(() => success(page).innerText()).toContain('Verzonden; de klant krijgt een e-mail.');
      await expect.poll(() => page.getByText('Alles is verzonden.').count()).toBe(1);
      await shopper.reload();
      await hydrated(shopper);
      expect(await shopper.getByTestId('parcel').count()).toBe(2);
      expect(await shopper.getByTestId('to-ship').count()).toBe(0);

      // Refund: an amount that is not one, more than was paid, then € 5,00.
      await openAction(page, 'Terugbetalen');
      const refund = action(page, 'refund');
      await refund.getByLabel(/Bedrag in euro/).fill('veel');
      await refund.getByRole('button', { name: 'Terugbetalen' }).click();
      await expect.poll(() => refund.getByTestId('error-amount').innerText()).toBe('Vul een bedrag in zoals 14,90.');
      await refund.getByLabel(/Bedrag in euro/).fill('9999');
      await refund.getByRole('button', { name: 'Terugbetalen' }).click();
      await expect.poll(() => refund.getByTestId('error-amount').innerText()).toMatch(/^Zoveel kan niet: er is nog €\s[\d.,]+ terug te betalen\.$/);
      await refund.getByLabel(/Bedrag in euro/).fill('5,00');
      await refund.getByLabel(/Reden/).fill('Eén zakje beschadigd');
      await refund.getByRole('button', { name: 'Terugbetalen' }).click();
      await expect.poll(() => success(page).innerText()).toMatch(/Terugbetaling van €\s5,00 vastgelegd/);
      await expect.poll(() => page.getByTestId('order-timeline').innerText()).toContain('Eén zakje beschadigd');

      // Resend the shipped mail.
      await openAction(page, 'Mail opnieuw sturen');
      await action(page, 'resend').getByLabel('Welke mail').selectOption('order_shipped');
      await action(page, 'resend').getByRole('button', { name: 'Opnieuw sturen' }).click();
      await expect.poll(() => success(page).innerText()).toBe('De mail staat in de wachtrij.');
      await page.reload();
      await hydrated(page);
      await expectAxeClean(page);
      await page.setViewportSize(DESKTOP);
      await shot(page, 'order-shipped-1280');
      ignoreErrors(/status of 400|status of 409/);
    },
    JOURNEY,
  );

  it(
    'changes the shipping address (errors next to the fields) and cancels an order; the action forms at 1280 and 375 px',
    async () => {
      const page = await staffPage();
      const shopper = await newPage();
      const order = await placeOrder(shopper, 'Bankoverschrijving', [['skunk-1', '3 zaadjes', 1]]);
      await orderPage(page, order.number);
      await expectAxeClean(page);
      await shot(page, 'order-actions-1280');
      await page.setViewportSize(MOBILE);
      await shot(page, 'order-actions-375');
      await page.setViewportSize(DESKTOP);

      await openAction(page, 'Adres wijzigen');
      const address = action(page, 'address');
      await address.getByLabel('Voornaam').fill('');
      await address.getByLabel('Postcode').fill('!');
      await address.getByRole('button', { name: 'Adres opslaan' }).click();
      await expect.poll(() => address.getByTestId('error-address.firstName').innerText()).not.toBe('');
      expect(await address.getByTestId('error-address.postalCode').innerText()).toBe('Vul een geldige Nederlandse postcode in, zoals 1234 AB.');
      ignoreErrors(/status of 400|status of 409/);
      await address.getByLabel('Voornaam').fill('Piet');
      await address.getByLabel('Postcode').fill('3511 AA');
      await address.getByLabel('Plaats').fill('Utrecht');
      await address.getByRole('button', { name: 'Adres opslaan' }).click();
      await expect.poll(() => success(page).innerText()).toBe('Verzendadres gewijzigd; de klant krijgt een e-mail.');
      await expect.poll(() => page.locator('address').first().innerText()).toContain('3511 AA Utrecht');

      // Cancel: the confirmation box first.
      await openAction(page, 'Annuleren');
      const cancel = action(page, 'cancel');
      await cancel.getByRole('button', { name: 'Bestelling annuleren' }).click();
      await expect.poll(() => cancel.getByTestId('error-confirm').innerText()).toBe('Vink aan dat je deze bestelling wilt annuleren.');
      await cancel.getByLabel('Ja, annuleer deze bestelling').check();
      await cancel.getByRole('button', { name: 'Bestelling annuleren' }).click();
      await expect.poll(() => success(page).innerText()).toContain('Bestelling geannuleerd');
      await expect.poll(() => page.getByTestId('action-cancel').count()).toBe(0);
      await expect.poll(() => page.getByTestId('order-timeline').innerText()).toContain('Mail: Bestelling geannuleerd');
      expect(await page.getByTestId('order-timeline').innerText()).not.toContain('order_cancelled');
      ignoreErrors(/status of 400|status of 409/);
    },
    JOURNEY,
  );

  it(
    'payments for review: money after a cancellation and a wrong amount, listed (axe, 1280 and 375 px), one accepted, one refunded',
    async () => {
      const page = await staffPage();
      const shopper = await newPage();
      // Two online orders left at the provider's page: one cancelled by staff and paid anyway, one paid 1 cent short.
      const late = await placeOrder(shopper, 'Online betalen', [['white-widow', '3 zaadjes', 1]]);
      const short = await placeOrder(shopper, 'Online betalen', [['skunk-1', '3 zaadjes', 1]]);
      const numberOf = async (reference: string) => {
        await page.goto(`/beheer/bestellingen?zoek=${reference}`);
        await hydrated(page);
        await page.getByTestId('orders-table').getByRole('link').first().click();
        await page.waitForURL(/\/beheer\/bestellingen\/KK-/);
        await hydrated(page);
        return new URL(page.url()).pathname.split('/').pop()!;
      };
      const shortNumber = await numberOf(short.reference);
      const shortTotal = Number(
        (await page.getByTestId('order-total').innerText())
          .match(/€\s([\d.]+,\d\d)/)![1]!
          .replace('.', '')
          .replace(',', ''),
      );
      const lateNumber = await numberOf(late.reference);
      await openAction(page, 'Annuleren');
      await action(page, 'cancel').getByLabel('Ja, annuleer deze bestelling').check();
      await action(page, 'cancel').getByRole('button', { name: 'Bestelling annuleren' }).click();
      await expect.poll(() => success(page).innerText()).toContain('Bestelling geannuleerd');
      const lateTotal = Number(
        (await page.getByTestId('order-total').innerText())
          .match(/€\s([\d.]+,\d\d)/)![1]!
          .replace('.', '')
          .replace(',', ''),
      );
      const provider = sandboxProvider(WEBHOOK_SECRET);
      for (const [reference, minor] of [
        [late.reference, lateTotal],
        [short.reference, shortTotal - 1],
      ] as const) {
        const event = provider.signedEvent(reference, 'payment.paid', { minor, currency: 'EUR' });
        const res = await fetch(new URL('/api/betalingen/sandbox/webhook', baseURL()), { method: 'POST', body: event.body, headers: event.headers });
        expect(res.status, reference).toBe(200);
      }

      await page.goto('/beheer/overzicht');
      await hydrated(page);
      await page.getByRole('link', { name: /Betalingen te controleren/ }).click();
      await page.waitForURL(/\/beheer\/betalingen-controle$/);
      await hydrated(page);
      const row = (number: string) => page.getByTestId('review-list').locator('li', { hasText: number });
      await expect.poll(() => row(lateNumber).innerText()).toContain('Na verlopen of annuleren');
      expect(await row(shortNumber).innerText()).toContain('Ander bedrag of valuta');
      expect(await row(shortNumber).getByTestId('review-difference').innerText()).toMatch(/^−€\s0,01$/);
      await expectAxeClean(page);
      await shot(page, 'review-1280');
      await page.setViewportSize(MOBILE);
      await shot(page, 'review-375');
      await page.setViewportSize(DESKTOP);

      await row(lateNumber).getByRole('button', { name: 'Accepteren als betaling' }).click();
      await expect.poll(() => success(page).innerText()).toContain(`Betaling geboekt voor ${lateNumber}`);
      await expect.poll(() => row(lateNumber).count()).toBe(0);
      await row(shortNumber).getByLabel('Reden terugbetaling (optioneel)').fill('Bedrag klopte niet');
      await row(shortNumber)
        .getByRole('button', { name: /Terugbetalen/ })
        .click();
      await expect.poll(() => success(page).innerText()).toContain(`van ${shortNumber} terugbetaald`);
      await expect.poll(() => row(shortNumber).count()).toBe(0);
      // The accepted order goes on as a paid order, ready to ship.
      await orderPage(page, lateNumber);
      await openAction(page, 'Verzenden');
      expect(await page.getByTestId('action-ship').count()).toBe(1);
      const key = '00000000-0000-4000-8000-000000000001';
      expect((await postForm(page, '/beheer/betalingen-controle', { intent: 'review-accept', key, paymentId: '2000000000' })).status()).toBe(404);
      expect((await postForm(page, '/beheer/betalingen-controle', { intent: 'review-refund', key, paymentId: 'x' })).status()).toBe(400);
    },
    JOURNEY,
  );

  it('a support member sees the order without action forms and gets 403 on every action POST and the review page', async () => {
    const support = await newPage();
    await staffMember(support, freshEmail('support', 'kiemkracht.nl'), 'support', 'Sam Support');
    const shopper = await newPage();
    const order = await placeOrder(shopper, 'Bankoverschrijving', [['skunk-1', '3 zaadjes', 1]]);
    await orderPage(support, order.number);
    expect(await support.getByText('Je rol kan deze bestelling bekijken en notities maken, maar niet wijzigen.').count()).toBe(1);
    expect(await support.locator('[data-testid^="action-"]').count()).toBe(0);
    // Asking for a form by its address does not show it either.
    await support.goto(`/beheer/bestellingen/${order.number}?actie=annuleren`);
    expect(await support.locator('[data-testid^="action-"]').count()).toBe(0);
    expect(await support.getByTestId('order-action-bar').count()).toBe(0);
    const key = '00000000-0000-4000-8000-000000000000';
    const forms: Record<string, string>[] = [
      { intent: 'ship', key, carrier: 'tracked_parcel', trackingCode: '3SABC1234567' },
      { intent: 'cancel', key, confirm: 'on' },
      { intent: 'refund', key, amount: '1' },
      { intent: 'resend', key, template: 'order_received' },
      { intent: 'address', key, 'address.firstName': 'X' },
      { intent: 'review-accept', key, paymentId: '1' },
    ];
    for (const form of forms) {
      expect((await postForm(support, `/beheer/bestellingen/${order.number}`, form)).status(), form.intent).toBe(403);
    }
    expect((await postForm(support, '/beheer/betalingen-controle', { intent: 'review-refund', key, paymentId: '1' })).status()).toBe(403);
    expect((await support.goto('/beheer/betalingen-controle'))?.status()).toBe(403);
    ignoreErrors(/status of 403/);
    // A note is still theirs to write.
    expect((await postForm(support, `/beheer/bestellingen/${order.number}`, { intent: 'note', key, body: 'Klant belde.' })).status()).toBe(200);
    // Input that is not a form is a 400, not a 500.
    expect((await postForm(support, `/beheer/bestellingen/${order.number}`, { intent: 'bestaat-niet' })).status()).toBe(400);
  });
});
