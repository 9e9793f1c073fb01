// The address modals of SPEC §2 (ADR 022): the account's address modal on /account/adressen (new, edit,
// a server refusal next to the field inside the dialog, focus back to the opener, Escape) and from the
// checkout's "Nieuw adres" (the saved address fills that section); the guest's modal of addresses this
// browser remembers after an order (use, forget, the old single-address key moved into the list). Axe on
// the open dialogs, screenshots at 375 and 1280. The no-JS fallbacks are in addresses.test.ts.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, freshEmail } from './accounts.ts';
import { DESKTOP, MOBILE, baseURL, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { emailField, open, reactReady, routerIdle, settled } from './pages.ts';
import { type Address, addByRequest, createAddressByRequest, fillAddress, section } from './shop.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 90_000;

const AMSTERDAM: Address = { firstName: 'Sanne', lastName: 'de Vries', line1: 'Keizersgracht 1', postalCode: '1015 CJ', city: 'Amsterdam', country: 'NL', phone: '+31 6 12345678' };
const UTRECHT: Address = { firstName: 'Sanne', lastName: 'de Vries', line1: 'Oudegracht 200', postalCode: '3511 NT', city: 'Utrecht', country: 'NL', phone: '+31 6 87654321' };
const ANTWERPEN: Address = { firstName: 'Joris', lastName: 'Peeters', line1: 'Meir 12', postalCode: '2000', city: 'Antwerpen', country: 'BE', phone: '+32 470 12 34 56' };

const cards = (page: Page) => page.getByTestId('address-card');
const card = (page: Page, text: string) => cards(page).filter({ hasText: text });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const text = async (locator: Locator) => (await locator.innerText()).replace(/\u00a0/g, ' ').trim();
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Axe with the dialog open and its animation done (the loading bar gone). */
async function axeOnDialog(page: Page) {
  await routerIdle(page);
  await page.locator('[role="progressbar"]').waitFor({ state: 'detached' });
  await settled(page);
  await expectAxeClean(page);
}

/** The open dialog as people see it: the viewport (a full-page picture would stretch the overlay). */
async function dialogScreenshot(page: Page, name: string) {
  await settled(page);
  await screenshot(page, name, { fullPage: false });
}

describe('account address modal', () => {
  it(
    'new and edit in the dialog: messages next to the fields (also a server refusal), saved closes it, the list and toast update, focus returns, Escape closes',
    async () => {
      const page = await newPage({ viewport: MOBILE });
      await createAccount(page, freshEmail('modal'));
      await open(page, '/account/adressen');
      const add = page.getByTestId('addresses-empty').getByRole('link', { name: 'Adres toevoegen' });
      expect(await add.getAttribute('href'), 'still a link to the page').toBe('/account/adressen/nieuw');
      await reactReady(add);
      await add.click();
      const modal = dialog(page, 'Nieuw adres');
      await modal.getByLabel('Voornaam').waitFor();
      expect(new URL(page.url()).pathname, 'the dialog, not the page').toBe('/account/adressen');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('address.firstName');

      // Empty: the SPEC messages next to the fields, inside the dialog.
      await modal.getByTestId('save-address').click();
      await expect.poll(() => text(modal.getByTestId('error-address.firstName'))).toBe('Voornaam is verplicht.');
      expect(await text(modal.getByTestId('error-address.phone'))).toBe('Telefoonnummer is verplicht.');
      await axeOnDialog(page);
      await modal.evaluate((el) => el.scrollTo(0, 0));
      await dialogScreenshot(page, 'address-modal-375');
      await fillAddress(modal, AMSTERDAM);
      // Scrolled down the long form, the title and close button stay in view.
      await dialogScreenshot(page, 'address-modal-scrolled-375');

      // The region changes while the dialog is open: the server refuses the country, next to that field.
      await page.context().addCookies([{ name: 'locale', value: 'de', url: baseURL() }]);
      await modal.getByTestId('save-address').click();
      await expect.poll(() => text(modal.getByTestId('error-address.country'))).toBe('Kies een land uit je regio.');
      expect(await modal.count()).toBe(1);
      expect(await cards(page).count()).toBe(0);
      await page.context().clearCookies({ name: 'locale' });

      // Saved: the dialog closes, the list shows the address, the toast says so, focus is on "Adres toevoegen".
      await modal.getByTestId('save-address').click();
      await modal.waitFor({ state: 'detached' });
      await expect.poll(() => cards(page).count()).toBe(1);
      await expect.poll(() => page.getByText('Adres toegevoegd.').count()).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe('/account/adressen');
      await expect.poll(() => focused(page)).toBe('Adres toevoegen');

      // Edit from the card: the saved values, a change, saved; focus back on that card's link.
      await page.setViewportSize(DESKTOP);
      const edit = card(page, 'Keizersgracht 1').getByRole('link', { name: 'Adres van Sanne de Vries wijzigen' });
      await edit.click();
      const editing = dialog(page, 'Adres wijzigen');
      await editing.getByLabel('Plaats').waitFor();
      expect(await editing.getByLabel('Plaats').inputValue()).toBe('Amsterdam');
      expect(await editing.getByText('Dit is je standaard verzendadres.', { exact: false }).count()).toBe(1);
      await editing.getByLabel('Plaats').fill('Amsterdam-Centrum');
      await axeOnDialog(page);
      await dialogScreenshot(page, 'address-modal-1280');
      await editing.getByTestId('save-address').click();
      await editing.waitFor({ state: 'detached' });
      await expect.poll(() => card(page, 'Amsterdam-Centrum').count()).toBe(1);
      await expect.poll(() => page.getByText('Adres opgeslagen.').count()).toBeGreaterThan(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Adres van Sanne de Vries wijzigen');

      // Escape closes without saving; focus back on the opener.
      await edit.click();
      await editing.getByLabel('Plaats').waitFor();
      await editing.getByLabel('Plaats').fill('Ergens anders');
      await page.keyboard.press('Escape');
      await editing.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Adres van Sanne de Vries wijzigen');
      await open(page, '/account/adressen');
      expect(await card(page, 'Ergens anders').count()).toBe(0);
      // The refusals answered 400: expected, not page errors.
      ignoreErrors(/status of 400/);
    },
    JOURNEY,
  );

  it(
    'checkout: "Nieuw adres" of a logged-in customer opens the modal; the saved address fills that section (shipping, then billing) and is used by the order',
    async () => {
      const page = await newPage({ viewport: DESKTOP });
      await createAccount(page, freshEmail('nieuw-adres'));
      await createAddressByRequest(page, AMSTERDAM);
      await addByRequest(page, 'skunk-1', '3 zaadjes');
      await open(page, '/checkout');
      const shipping = section(page, 'Verzendadres');
      expect(await shipping.getByLabel('Adres', { exact: true }).inputValue()).toBe('Keizersgracht 1');
      await page.getByLabel(/Bankoverschrijving/).check();

      const addShipping = page.getByTestId('saved-shipping-add');
      expect(await addShipping.getAttribute('href'), 'without JavaScript: the form page, back to the checkout').toBe('/account/adressen/nieuw?redirectTo=%2Fcheckout');
      await reactReady(addShipping);
      await addShipping.click();
      const modal = dialog(page, 'Nieuw adres');
      await modal.getByLabel('Voornaam').waitFor();
      await fillAddress(modal, UTRECHT);
      await modal.getByTestId('save-address').click();
      await modal.waitFor({ state: 'detached' });
      await expect.poll(() => shipping.getByLabel('Adres', { exact: true }).inputValue()).toBe('Oudegracht 200');
      expect(await shipping.getByLabel('Plaats').inputValue()).toBe('Utrecht');
      expect(new URL(page.url()).pathname).toBe('/checkout');
      // The new address is in the list, chosen; what was picked elsewhere on the page stays.
      await expect.poll(() => page.getByTestId('saved-shipping').getByRole('link', { name: /Oudegracht 200/ }).getAttribute('aria-current')).toBe('true');
      expect(await page.getByLabel(/Bankoverschrijving/).isChecked()).toBe(true);
      await expect.poll(() => page.getByText('Adres toegevoegd.').count()).toBeGreaterThan(0);
      await expect.poll(() => focused(page)).toBe('Nieuw adres');
      await screenshot(page.getByTestId('saved-shipping'), 'checkout-saved-new-address-1280');

      // Billing: its own "Nieuw adres" fills the billing fields (a Belgian address: the country follows).
      await page.getByLabel('Zelfde als verzendadres').uncheck();
      const billing = section(page, 'Factuuradres');
      await page.getByTestId('saved-billing-add').click();
      await modal.getByLabel('Voornaam').waitFor();
      await fillAddress(modal, ANTWERPEN);
      await modal.getByTestId('save-address').click();
      await modal.waitFor({ state: 'detached' });
      await expect.poll(() => billing.getByLabel('Adres', { exact: true }).inputValue()).toBe('Meir 12');
      expect(await billing.getByLabel('Land', { exact: true }).inputValue()).toBe('BE');
      expect(await shipping.getByLabel('Adres', { exact: true }).inputValue()).toBe('Oudegracht 200');

      await page.getByTestId('place-order').click();
      await page.waitForURL(/\/order-status\?bestelling=/);
      await routerIdle(page);
      const order = await page.getByTestId('order-page').innerText();
      expect(order).toContain('Oudegracht 200');
      expect(order).toContain('Meir 12');
    },
    JOURNEY,
  );
});

describe('guest address modal', () => {
  it(
    'after an order this browser offers its addresses in a dialog: use fills e-mail and shipping, forget removes one; the old single-address key is kept',
    async () => {
      const page = await newPage({ viewport: MOBILE });
      // A first order as a guest: the thank-you page remembers its address in this browser.
      await addByRequest(page, 'skunk-1', '3 zaadjes');
      await open(page, '/checkout');
      expect(await page.getByTestId('previous-addresses').count(), 'nothing remembered yet').toBe(0);
      await emailField(page).fill('sanne@example.com');
      await fillAddress(section(page, 'Verzendadres'), AMSTERDAM);
      await page.getByLabel(/Verzekerd pakket met track & trace/).check();
      await page.getByLabel(/Bankoverschrijving/).check();
      await page.getByTestId('place-order').click();
      await page.waitForURL(/\/order-status\?bestelling=/);
      await routerIdle(page);
      // The thank-you page remembers the address in an effect after React commits it, which can be after
      // the router is idle: wait for it, as a shopper reading the page would.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('kk-checkout-addresses'))).toContain('Keizersgracht 1');
      // An address remembered by the shop before the list existed (the old key) is kept too.
      await page.evaluate((a) => localStorage.setItem('kk-checkout-address', JSON.stringify({ email: 'joris@example.com', shipping: { ...a, line2: '', state: '' } })), ANTWERPEN);

      await addByRequest(page, 'white-widow', '3 zaadjes');
      await open(page, '/checkout');
      await page.getByTestId('previous-addresses').waitFor();
      await screenshot(page.getByTestId('previous-addresses'), 'checkout-previous-addresses-375');
      const opener = page.getByRole('button', { name: 'Eerdere adressen (2) bekijken' });
      await reactReady(opener);
      await opener.click();
      const modal = dialog(page, 'Eerdere adressen');
      await modal.getByTestId('previous-address').first().waitFor();
      const entries = await modal.getByTestId('previous-address').allInnerTexts();
      expect(entries).toHaveLength(2);
      expect(entries[0]).toContain('Keizersgracht 1');
      expect(entries[0]).toContain('sanne@example.com');
      expect(entries[1]).toContain('Meir 12');
      expect(entries[1]).toContain('België');
      expect(await page.evaluate(() => localStorage.getItem('kk-checkout-address'))).toBeNull();
      await axeOnDialog(page);
      await dialogScreenshot(page, 'guest-address-modal-375');
      await page.setViewportSize(DESKTOP);
      await dialogScreenshot(page, 'guest-address-modal-1280');

      // Escape closes; focus back on the button.
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Eerdere adressen (2) bekijken');

      // "Vergeten": gone from the dialog and from this browser.
      await opener.click();
      await modal.getByTestId('previous-address').filter({ hasText: 'Meir 12' }).getByRole('button', { name: 'Vergeten' }).click();
      await expect.poll(() => modal.getByTestId('previous-address').count()).toBe(1);
      expect(await page.evaluate(() => localStorage.getItem('kk-checkout-addresses'))).not.toContain('Meir 12');
      await expect.poll(() => focused(page)).toBe('Gebruiken');

      // "Gebruiken": e-mail and shipping filled, the dialog closed, focus back on the button.
      await modal.getByRole('button', { name: 'Gebruiken' }).click();
      await modal.waitFor({ state: 'detached' });
      const shipping = section(page, 'Verzendadres');
      await expect.poll(() => shipping.getByLabel('Adres', { exact: true }).inputValue()).toBe('Keizersgracht 1');
      expect(await shipping.getByLabel('Plaats').inputValue()).toBe('Amsterdam');
      expect(await emailField(page).inputValue()).toBe('sanne@example.com');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Eerdere adressen (1) bekijken');

      // Forgetting the last one: the dialog says so, and the button is gone once it closes.
      await page.getByTestId('previous-addresses').click();
      await modal.getByRole('button', { name: 'Vergeten' }).click();
      await modal.getByTestId('previous-addresses-none').waitFor();
      await modal.getByRole('button', { name: 'Klaar' }).click();
      await modal.waitFor({ state: 'detached' });
      expect(await page.getByTestId('previous-addresses').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('kk-checkout-addresses'))).toBeNull();
    },
    JOURNEY,
  );

  it(
    'in region Duitsland a remembered Dutch address is shown but cannot be used, with the reason; a German one can',
    async () => {
      const page = await newPage({ viewport: MOBILE });
      await page.context().addCookies([{ name: 'locale', value: 'de', url: baseURL() }]);
      await addByRequest(page, 'skunk-1', '3 zaadjes');
      const remembered = (email: string, shipping: Address) => ({ email, shipping: { ...shipping, line2: '', state: '' } });
      const berlin: Address = { firstName: 'Jonas', lastName: 'Weber', line1: 'Unter den Linden 5', postalCode: '10117', city: 'Berlin', country: 'DE', phone: '+49 30 1234567' };
      const amersfoort: Address = { ...AMSTERDAM, line1: 'Dorpsstraat 3', postalCode: '3811 CD', city: 'Amersfoort' };
      await page.goto('/faq');
      await page.evaluate((list) => localStorage.setItem('kk-checkout-addresses', JSON.stringify(list)), [remembered('sanne@example.com', amersfoort), remembered('jonas@example.com', berlin)]);
      await open(page, '/checkout');
      const opener = page.getByRole('button', { name: 'Eerdere adressen (2) bekijken' });
      await reactReady(opener);
      await opener.click();
      const modal = dialog(page, 'Eerdere adressen');
      const dutch = modal.getByTestId('previous-address').filter({ hasText: 'Dorpsstraat 3' });
      await dutch.waitFor();
      expect(await dutch.innerText()).toContain('Nederland');
      expect(await text(dutch.getByTestId('previous-address-outside'))).toBe('Dit adres ligt in Nederland; in de regio Duitsland verzenden we alleen naar Duitsland.');
      const useDutch = dutch.getByRole('button', { name: 'Gebruiken' });
      expect(await useDutch.isDisabled()).toBe(true);
      expect(await useDutch.getAttribute('aria-describedby')).toContain(await dutch.getByTestId('previous-address-outside').getAttribute('id'));
      const german = modal.getByTestId('previous-address').filter({ hasText: 'Unter den Linden 5' });
      expect(await german.getByTestId('previous-address-outside').count()).toBe(0);
      await axeOnDialog(page);
      await dialogScreenshot(page, 'guest-address-modal-outside-region-375');

      await german.getByRole('button', { name: 'Gebruiken' }).click();
      await modal.waitFor({ state: 'detached' });
      const shipping = section(page, 'Verzendadres');
      await expect.poll(() => shipping.getByLabel('Adres', { exact: true }).inputValue()).toBe('Unter den Linden 5');
      expect(await shipping.getByLabel('Land').inputValue()).toBe('DE');
      expect(await shipping.getByLabel('Postcode').inputValue()).toBe('10117');
    },
    JOURNEY,
  );
});
