// "Mail me als het er weer is" (ADR 068): staff sell a pack out; a guest asks with JavaScript and confirms through
// the mail, a logged-in customer asks in one click, a guest without JavaScript is sent back with a toast (or sees
// the error next to the field); staff see "2 wachten"; the restock mails both once, with a one-click unsubscribe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, freshEmail, mailTo } from './accounts.ts';
import { DESKTOP, expectAxeClean, hydrated, MOBILE, screenshot, useBrowser } from './browser.ts';
import { open } from './pages.ts';
import { staffMember } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const SLUG = 'gelato';
const SKU = `${SLUG}-10`;
const CHECK_MAIL = 'Bijna klaar! Check je inbox en bevestig via de link in de e-mail, dan mailen we je zodra het er weer is.';
const form = (page: Page) => page.getByTestId('restock-form');

/** The path and query of a `pathname?t=…` link in a mail. */
function restockLink(mail: string, pathname: string) {
  const url = new RegExp(`https?://[^\\s"<>]+${pathname.replace(/[/]/g, '\\/')}\\?t=[A-Za-z0-9_-]{43}`).exec(mail)?.[0];
  expect(url, `a ${pathname} link in the mail`).toBeTruthy();
  const u = new URL(url!);
  return u.pathname + u.search;
}

/** Staff set the pack's stock on its back-office page: a count (stocktake) or a delta (goods received). */
async function setStock(page: Page, mode: 'count' | 'delta', amount: number) {
  await page.goto(`/beheer/voorraad?zoek=${SLUG}`);
  await hydrated(page);
  await page.getByTestId(`stock-row-${SKU}`).getByRole('link').first().click();
  await page.waitForURL(/\/beheer\/voorraad\/\d+$/);
  await hydrated(page);
  // The seed data may have sold the pack out already: a count that changes nothing is refused.
  if (mode === 'count' && Number(await page.getByTestId('pack-stock').evaluate((el) => el.firstChild?.textContent ?? '')) === amount) return;
  if (mode === 'count') await page.getByLabel(/Nieuwe telling/).check();
  await page.getByLabel('Aantal', { exact: true }).fill(String(amount));
  await page.getByLabel('Reden').selectOption({ label: mode === 'count' ? 'Telling' : 'Levering ontvangen' });
  await page.getByRole('button', { name: 'Voorraad opslaan' }).click();
  await expect.poll(() => page.getByText(/Voorraad gewijzigd met/).count()).toBe(1);
}

/**
 * Asks for the 10-seed pack in the form on the product page (the pack list shows when several are sold out). With
 * JavaScript the form hydrates when used: the click waits until it is the fetcher's (its `js` field set).
 */
async function ask(page: Page, email: string | null, js = true) {
  const pack = form(page).getByLabel('Pakket');
  if (await pack.count()) await pack.selectOption({ label: '10 zaadjes' });
  if (email !== null) await form(page).getByLabel('E-mailadres').fill(email);
  if (js) {
    await form(page).getByRole('button').focus();
    await form(page).locator('input[name="js"][value="1"]').waitFor({ state: 'attached' });
  }
  await form(page).getByRole('button', { name: 'Mail me als het er weer is' }).click();
}

describe('back-in-stock mails', () => {
  it('sold out, asked by a guest (double opt-in), a customer (one click) and without JavaScript; one mail each at the restock', { timeout: 180_000 }, async () => {
    const staff = await newPage();
    await staffMember(staff, `weer.${Date.now()}@kiemkracht.nl`, 'catalogue', 'Vera Voorraad');
    await setStock(staff, 'count', 0);

    // A guest with JavaScript: the answer in place, then the confirmation link.
    const guestEmail = freshEmail('weer-gast');
    const guest = await newPage();
    await open(guest, `/product/${SLUG}`);
    await hydrated(guest);
    await ask(guest, guestEmail);
    await expect.poll(() => form(guest).getByTestId('restock-status').innerText()).toBe(CHECK_MAIL);
    await expectAxeClean(guest);
    await open(guest, restockLink(await mailTo(guestEmail, '/weer-op-voorraad/bevestigen'), '/weer-op-voorraad/bevestigen'));
    await expectAxeClean(guest);
    await guest.getByRole('button', { name: 'Ja, mail me' }).click();
    await expect.poll(() => guest.getByTestId('form-success').innerText()).toContain('Bevestigd');

    // A logged-in customer: the address left empty, one click (the cached page is the guest's until it runs).
    const customerEmail = freshEmail('weer-klant');
    const customer = await newPage();
    await createAccount(customer, customerEmail);
    await open(customer, `/product/${SLUG}`);
    await hydrated(customer);
    await ask(customer, null);
    // Once the form runs, it knows the customer from the page's personal data and asks no address.
    expect(await form(customer).getByLabel('E-mailadres').count()).toBe(0);
    await expect.poll(() => form(customer).getByTestId('restock-status').innerText()).toBe('Afgesproken: we mailen je één keer zodra dit pakket weer op voorraad is.');

    // Without JavaScript: a bad address is refused next to the field on /weer-op-voorraad; a good one goes back with a toast.
    const plain = await newPage({ javaScriptEnabled: false });
    await plain.goto(`/product/${SLUG}`);
    await ask(plain, 'geen-adres', false);
    await plain.waitForURL((u) => u.pathname === '/weer-op-voorraad');
    expect(await form(plain).getByTestId('restock-status').innerText()).toBe('Vul een geldig e-mailadres in.');
    expect(await form(plain).getByLabel('E-mailadres').getAttribute('aria-invalid')).toBe('true');
    ignoreErrors(/status of 400/);
    await ask(plain, freshEmail('weer-zonderjs'), false);
    await plain.waitForURL((u) => u.pathname === `/product/${SLUG}`);
    await expect.poll(() => plain.getByText(CHECK_MAIL, { exact: true }).count()).toBeGreaterThan(0);

    // Staff see who waits (the unconfirmed guest does not count), then restock: one mail each.
    await staff.goto(`/beheer/voorraad?zoek=${SLUG}`);
    await hydrated(staff);
    expect(await staff.getByTestId(`stock-row-${SKU}`).getByTestId('restock-waiting').innerText()).toBe('2 wachten');
    await expectAxeClean(staff);
    await screenshot(staff.getByTestId('stock-table'), 'restock-stock-1280');
    await staff.setViewportSize(MOBILE);
    await screenshot(staff.getByTestId(`stock-row-${SKU}`), 'restock-stock-375');
    await staff.setViewportSize(DESKTOP);
    await setStock(staff, 'delta', 5);
    const mail = await mailTo(guestEmail, '/weer-op-voorraad/afmelden');
    expect(mail).toMatch(/List-Unsubscribe:\s+<https?:\/\/[^>]+\/weer-op-voorraad\/afmelden\?t=[^>]+>/);
    expect(mail).toContain(`/product/${SLUG}`);
    await mailTo(customerEmail, '/weer-op-voorraad/afmelden');
    await staff.goto(`/beheer/voorraad?zoek=${SLUG}`);
    expect(await staff.getByTestId(`stock-row-${SKU}`).getByTestId('restock-waiting').count()).toBe(0);

    // The unsubscribe link: asks, then one click.
    await open(guest, restockLink(mail, '/weer-op-voorraad/afmelden'));
    expect(await guest.locator('main').innerText()).toContain(guestEmail);
    await expectAxeClean(guest);
    await guest.getByRole('button', { name: 'Stop de berichten' }).click();
    await expect.poll(() => guest.getByTestId('form-success').innerText()).toContain('je ontvangt geen berichten meer');
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`the form on a sold-out pack at ${viewport.width}px: axe clean, screenshot`, async () => {
      const page = await newPage({ viewport });
      // Blueberry Auto's one-seed pack is sold out in the seed data.
      await open(page, '/product/blueberry-auto');
      await form(page).scrollIntoViewIfNeeded();
      await expectAxeClean(page);
      await screenshot(page, `restock-product-${viewport.width}`);
    });
  }
});
