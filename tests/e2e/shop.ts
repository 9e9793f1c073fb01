// Page objects for buying, shared by the checkout and account suites.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from './browser.ts';
import { emailField, open } from './pages.ts';

/** The pack option of the product page with this many seeds ("3 zaadjes"). */
export const packLabel = (page: Page, seeds: string) =>
  page.locator('label').filter({ has: page.locator('input[name="pack"]') }).filter({ hasText: new RegExp(`^${seeds}(?![a-z])`) });

/** A section of a page by its heading (the checkout's numbered steps). */
export const section = (page: Page, heading: string) => page.locator('section', { has: page.getByRole('heading', { name: heading, exact: true }) });

/**
 * Adds a pack with a plain POST to the cart action from the page's own browser context (its cookie jar):
 * the set-up for tests about the checkout, independent of the cart's UI.
 */
export async function addByRequest(page: Page, slug: string, seeds: string, quantity = 1) {
  await page.goto(`/product/${slug}`);
  const pack = await packLabel(page, seeds).locator('input[name="pack"]').getAttribute('value');
  expect(pack, `${seeds} pack of ${slug}`).toBeTruthy();
  // The page's own origin: a context may be on another server than the worker's (a front in front of one).
  const res = await page.request.post('/besteloverzicht', { form: { intent: 'add', pack: pack!, quantity: String(quantity) }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 });
  expect(res.status(), 'cart action answers with a redirect').toBeGreaterThanOrEqual(300);
  // Its "added" message is meant for a no-JS visitor's next page; it would only cover the screenshots.
  await page.context().clearCookies({ name: 'flash' });
}

/** Fills the checkout's shipping address with a Dutch address. */
export async function fillShipping(page: Page) {
  const shipping = section(page, 'Verzendadres');
  await shipping.getByLabel('Voornaam').fill('Sanne');
  await shipping.getByLabel('Achternaam').fill('de Vries');
  await shipping.getByLabel('Adres', { exact: true }).fill('Keizersgracht 1');
  await shipping.getByLabel('Postcode').fill('1015 CJ');
  await shipping.getByLabel('Plaats').fill('Amsterdam');
  await shipping.getByLabel('Telefoonnummer').fill('+31 6 12345678');
}

export type Address = { firstName: string; lastName: string; line1: string; postalCode: string; city: string; country: string; phone: string };

/** Fills the address form (the account's page and modal, and the checkout's sections share the fields). */
export async function fillAddress(scope: Page | Locator, a: Address) {
  await scope.getByLabel('Voornaam').fill(a.firstName);
  await scope.getByLabel('Achternaam').fill(a.lastName);
  await scope.getByLabel('Adres', { exact: true }).fill(a.line1);
  await scope.getByLabel('Postcode').fill(a.postalCode);
  await scope.getByLabel('Plaats').fill(a.city);
  await scope.getByLabel('Land', { exact: true }).selectOption(a.country);
  await scope.getByLabel('Telefoonnummer').fill(a.phone);
}

/** Saves an address with a plain POST from the page's browser context (set-up, not the thing tested). */
export async function createAddressByRequest(page: Page, a: Address, extra: Record<string, string> = {}) {
  const form: Record<string, string> = { intent: 'create', ...extra };
  for (const [k, v] of Object.entries(a)) form[`address.${k}`] = v;
  const res = await page.request.post('/account/adressen/nieuw', { form, headers: { Origin: baseURL() }, maxRedirects: 0 });
  expect(res.status(), 'create answers with a redirect').toBe(302);
  await page.context().clearCookies({ name: 'flash' });
}

/** A guest's bank-transfer order of one 3-seed pack of Skunk #1 through the real checkout; its number. `more` fills more of the form. */
export async function placeBankTransferOrder(page: Page, email: string, more?: (page: Page) => Promise<void>): Promise<string> {
  await addByRequest(page, 'skunk-1', '3 zaadjes');
  await open(page, '/checkout');
  await emailField(page).fill(email);
  await fillShipping(page);
  await more?.(page);
  await page.getByLabel(/Bankoverschrijving/).check();
  await page.getByTestId('place-order').click();
  await page.waitForURL(/\/order-status\?bestelling=/);
  return new URL(page.url()).searchParams.get('bestelling')!;
}
