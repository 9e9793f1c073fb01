// Buying: checkout by bank transfer with a coupon, the order page and /order-status; online payment that
// fails, then succeeds on a retry through the sandbox; every checkout message next to its field; the whole
// purchase without JavaScript; axe on /checkout, the order page and /order-status; screenshots at 375/1280.
// The cart itself (adding, the seed limit, coupons, /kortingscodes) is covered in cart.test.ts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, baseURL, dataDir, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { emailField, open, reactReady, routerIdle, settled } from './pages.ts';
import { STAFF_TOKEN } from './server.ts';
import { addByRequest, fillShipping, packLabel, section } from './shop.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

// The journeys click through several pages; a cold server renders (and images) take their time.
const JOURNEY = 90_000;
const EMAIL = 'sanne@example.com';
const FAILED = 'Uw betaling is mislukt, selecteer een andere betaalmethode of probeer het opnieuw.';
const IBAN = 'NL44 RABO 0123 4567 89';

const text = async (locator: Locator) => (await locator.innerText()).replace(/\u00a0/g, ' ').trim();

/** Adds a pack through the product page's form (JavaScript on) and waits for the modal. */
async function addFromProduct(page: Page, slug: string, seeds: string) {
  await open(page, `/product/${slug}`);
  await reactReady(page.getByTestId('add-to-cart-button'));
  await packLabel(page, seeds).click();
  await page.getByTestId('add-to-cart-button').click();
  await page.getByTestId('added-dialog').waitFor();
  await settled(page);
}

async function fillCheckout(page: Page, payment: 'Bankoverschrijving' | 'Online betalen' | 'Contant per post') {
  await emailField(page).fill(EMAIL);
  await fillShipping(page);
  await page.getByLabel(/Verzekerd pakket met track & trace/).check();
  await page.getByLabel(new RegExp(payment)).check();
}

/** Axe once the page is at rest: the loading bar is a progressbar outside the landmarks while it shows. */
async function axeAtRest(page: Page) {
  await routerIdle(page);
  await page.locator('[role="progressbar"]').waitFor({ state: 'detached' });
  await expectAxeClean(page);
}

const orderNumber = async (page: Page) => (await page.getByTestId('order-number').innerText()).replace('Bestelling ', '');

describe('checkout', () => {
  it(
    'a guest buys two strains with WELKOM10 by bank transfer, sees the order with IBAN and finds it via /order-status',
    async () => {
      const page = await newPage({ viewport: DESKTOP });
      await addFromProduct(page, 'northern-lights', '3 zaadjes');
      await page.getByTestId('added-dialog').getByRole('button', { name: 'Verder winkelen' }).click();
      await expect.poll(() => page.getByTestId('added-dialog').count()).toBe(0);
      await addFromProduct(page, 'amnesia-haze', '5 zaadjes');
      await page.getByTestId('added-view-cart').click();
      await page.waitForURL('**/besteloverzicht');
      await routerIdle(page);
      await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
      await page.getByLabel('Kortingscode', { exact: true }).fill('WELKOM10');
      await page.getByRole('button', { name: 'Toepassen' }).click();
      await page.getByTestId('applied-coupon').waitFor();
      await routerIdle(page);

      await page.getByTestId('cart-checkout').click();
      await page.waitForURL('**/checkout');
      await routerIdle(page);
      await expect.poll(() => page.title()).toBe('Afrekenen | Kiemkracht');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      // The five steps of SPEC §2, in order.
      expect(await page.locator('h2[id^="stap-"]').allTextContents()).toEqual(['1Contactgegevens', '2Verzendadres', '3Factuuradres', '4Verzendmethode', '5Betaalmethode']);
      const summary = page.getByTestId('checkout-summary');
      expect(await text(summary)).toContain('Northern Lights');
      expect(await text(summary)).toContain('WELKOM10');
      // The country list is exactly the region's countries.
      expect(await section(page, 'Verzendadres').getByLabel('Land').locator('option').allInnerTexts()).toEqual(['België', 'Nederland']);
      await axeAtRest(page);
      await screenshot(page, 'checkout-1280');

      await fillCheckout(page, 'Bankoverschrijving');
      const total = await text(page.getByTestId('checkout-total'));
      await page.getByTestId('place-order').click();
      await page.waitForURL(/\/order-status\?bestelling=KK-[^&]+&code=[^&]+&bedankt=1$/);
      await page.getByTestId('thanks').waitFor();
      expect(await text(page.getByTestId('thanks'))).toContain('Bedankt voor je bestelling!');
      const number = await orderNumber(page);
      expect(number).toMatch(/^KK-\w{4}-\w{4}$/);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await text(page.getByTestId('instructions-iban'))).toBe(IBAN);
      expect(await text(page.getByTestId('instructions-reference'))).toBe(number);
      expect(await text(page.getByTestId('payment-instructions'))).toContain(total);
      expect(await text(page.getByTestId('order-total'))).toBe(total);
      expect(await text(page.getByTestId('payment-state'))).toBe('Wacht op betaling');
      expect(await text(page.getByTestId('carrier'))).toBe('Verzekerd pakket (track & trace)');
      expect(await page.getByTestId('order-line').count()).toBeGreaterThanOrEqual(2);
      const timeline = page.getByRole('list', { name: 'Verloop van je bestelling' });
      // Each step says in words whether it is done (for screen readers); "Besteld" carries today's date.
      const steps = await timeline.getByRole('listitem').allTextContents();
      expect(steps.map((s) => s.replace(/\d.*$/, ''))).toEqual(['Besteld (afgerond)', 'In behandeling (nog niet afgerond)', 'Verzonden (nog niet afgerond)']);
      expect(steps[0]).toMatch(/\d{1,2} \w+ \d{4}$/);
      expect(await timeline.getByRole('listitem').first().getAttribute('aria-current')).toBe('step');
      await axeAtRest(page);
      await screenshot(page, 'order-1280');

      // The lookup: a wrong e-mail gets exactly the answer of a wrong number.
      const lookup = await newPage();
      await open(lookup, '/order-status');
      await axeAtRest(lookup);
      await lookup.getByRole('button', { name: 'Bestelling opzoeken' }).click();
      await expect.poll(() => text(lookup.getByTestId('error-number'))).toBe('Bestelnummer vereist');
      expect(await text(lookup.getByTestId('error-email'))).toBe('Vul een geldig e-mailadres in.');
      await lookup.getByLabel('Bestelnummer').fill(number);
      await emailField(lookup).fill('iemand@example.com');
      await lookup.getByRole('button', { name: 'Bestelling opzoeken' }).click();
      await expect.poll(() => lookup.getByTestId('lookup-error').count()).toBe(1);
      expect(await text(lookup.getByTestId('lookup-error'))).toBe('Bestelling niet gevonden');
      await axeAtRest(lookup);
      await lookup.getByLabel('Bestelnummer').fill('KK-2222-2222');
      await emailField(lookup).fill(EMAIL);
      await lookup.getByRole('button', { name: 'Bestelling opzoeken' }).click();
      await routerIdle(lookup);
      expect(await text(lookup.getByTestId('lookup-error'))).toBe('Bestelling niet gevonden');
      await lookup.getByLabel('Bestelnummer').fill(number.toLowerCase().replace(/-/g, ' '));
      await lookup.getByRole('button', { name: 'Bestelling opzoeken' }).click();
      await lookup.waitForURL(/bestelling=KK-/);
      await routerIdle(lookup);
      expect(await text(lookup.getByTestId('order-number'))).toBe(`Bestelling ${number}`);
      expect(await lookup.getByTestId('thanks').count()).toBe(0);

      // A link with a wrong code: the same "not found", as a 404.
      const forged = new URL(lookup.url());
      forged.searchParams.set('code', 'x'.repeat(32));
      const res = await lookup.goto(forged.pathname + forged.search);
      expect(res?.status()).toBe(404);
      expect(await text(lookup.getByTestId('lookup-error'))).toBe('Bestelling niet gevonden');
      expect(await lookup.getByTestId('order-page').count()).toBe(0);

      // Next visit of this guest: the address of the order is offered again (the guest's address modal, ADR 022).
      await addByRequest(page, 'white-widow', '3 zaadjes');
      await open(page, '/checkout');
      await reactReady(page.getByRole('button', { name: 'Eerdere adressen (1) bekijken' }));
      await page.getByTestId('previous-addresses').click();
      const dialog = page.getByRole('dialog', { name: 'Eerdere adressen' });
      await dialog.getByRole('button', { name: 'Gebruiken' }).click();
      await expect.poll(() => section(page, 'Verzendadres').getByLabel('Plaats').inputValue()).toBe('Amsterdam');
      expect(await section(page, 'Verzendadres').getByLabel('Voornaam').inputValue()).toBe('Sanne');
      expect(await emailField(page).inputValue()).toBe(EMAIL);
      expect(await dialog.count()).toBe(0);
      ignoreErrors(/status of 404/);
      // The refused empty lookup answered 400 (server-side validation, ADR 023).
      ignoreErrors(/status of 400/);
    },
    JOURNEY,
  );

  it(
    'staff run the lifecycle with `npm run order` (paid, then ship with tracking) and the order page shows the whole timeline',
    async () => {
      const page = await newPage({ viewport: MOBILE });
      await addByRequest(page, 'skunk-1', '3 zaadjes');
      await open(page, '/checkout');
      await fillCheckout(page, 'Bankoverschrijving');
      await page.getByTestId('place-order').click();
      await page.waitForURL(/\/order-status\?bestelling=/);
      const number = await orderNumber(page);

      // The shop holds the embedded database, so the command asks it through the staff API.
      const order = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/order.ts', ...args], {
          env: { ...process.env, DATA_DIR: dataDir(), PORT: new URL(baseURL()).port, STAFF_API_TOKEN: STAFF_TOKEN },
        });
      await expect(order(number, 'ship', '3SKIEM1234567')).rejects.toMatchObject({ stdout: 'De bestelling is nog niet betaald.\n' });
      expect((await order(number, 'paid')).stdout).toBe(`Betaling van ${number} geregistreerd.\n`);
      expect((await order(number, 'ship', '3skiem1234567')).stdout).toBe(`${number} is verzonden met trackingcode 3SKIEM1234567.\n`);
      // The other staff commands go the same way: payments to review, mail that could not be sent.
      expect((await order('review')).stdout).toBe('Geen betalingen om na te kijken.\n');
      const mail = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/mail.ts', ...args], {
          env: { ...process.env, DATA_DIR: dataDir(), PORT: new URL(baseURL()).port, STAFF_API_TOKEN: STAFF_TOKEN },
        });
      expect((await mail('failed')).stdout).toBe('Geen mislukte mails: alles is verstuurd of wordt nog geprobeerd.\n');

      await page.reload();
      await routerIdle(page);
      expect(await text(page.getByTestId('payment-state'))).toBe('Betaald');
      const steps = await page.getByRole('list', { name: 'Verloop van je bestelling' }).getByRole('listitem').allTextContents();
      expect(steps.map((s) => s.replace(/\d.*$/, ''))).toEqual(['Besteld (afgerond)', 'In behandeling (afgerond)', 'Verzonden (afgerond)']);
      expect(await text(page.getByTestId('estimated-delivery'))).toMatch(/^Verwachte levering: \d{1,2} \w+ \d{4} – \d{1,2} \w+ \d{4}$/);
      expect(await text(page.getByTestId('tracking'))).toContain('3SKIEM1234567');
      expect(await page.getByRole('link', { name: 'Volg je pakket' }).getAttribute('href')).toContain('3SKIEM1234567');
      expect(await page.locator('body').innerText()).toMatch(/Verzonden op \d{1,2} \w+ \d{4}/);
      await axeAtRest(page);
      await screenshot(page, 'order-shipped-375');
      expect((await order(number, 'cancel').catch((e: { stdout: string }) => e)).stdout).toBe('De bestelling is al verzonden.\n');
    },
    JOURNEY,
  );

  it(
    'online payment: processing, then failed with the SPEC text, then paid after a retry through the sandbox',
    async () => {
      const page = await newPage({ viewport: MOBILE });
      await addByRequest(page, 'white-widow', '3 zaadjes');
      await open(page, '/checkout');
      // On a phone the order folds open above the form.
      const mobileSummary = page.getByTestId('mobile-summary');
      expect(await mobileSummary.getAttribute('open')).toBeNull();
      await mobileSummary.locator('summary').click();
      await expect.poll(() => text(mobileSummary)).toContain('White Widow');
      await mobileSummary.locator('summary').click();
      await fillCheckout(page, 'Online betalen');
      await axeAtRest(page);
      await screenshot(page, 'checkout-375');
      await page.getByTestId('place-order').click();

      await page.getByTestId('sandbox-page').waitFor();
      const sandboxUrl = page.url();
      expect(sandboxUrl).toMatch(/\/betalen\/sandbox\/[^?]+\?terug=/);
      expect(await text(page.getByTestId('sandbox-page'))).toContain('Testbetaalomgeving — er wordt geen echt geld afgeschreven');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      await axeAtRest(page);
      await screenshot(page, 'sandbox-375');

      // Still in progress at the provider: back at the shop the page says so and offers a reload.
      await page.getByRole('button', { name: 'Nog in behandeling' }).click();
      await page.getByTestId('order-page').waitFor();
      expect(page.url()).toContain('betaling=terug');
      expect(await text(page.getByTestId('payment-processing'))).toContain('Betaling wordt verwerkt');
      expect(await page.getByRole('link', { name: 'Status vernieuwen' }).getAttribute('href')).toContain('code=');
      expect(await text(page.getByTestId('payment-state'))).toBe('Betaling wordt verwerkt');

      await page.goto(sandboxUrl);
      await page.getByRole('button', { name: 'Betaling mislukt' }).click();
      await page.getByTestId('payment-failed').waitFor();
      await routerIdle(page);
      expect(await text(page.getByTestId('payment-failed').getByRole('alert'))).toBe(FAILED);
      expect(await text(page.getByTestId('payment-state'))).toBe('Betaling mislukt');
      expect(await page.getByTestId('payment-processing').count()).toBe(0);
      await axeAtRest(page);
      await screenshot(page, 'order-failed-375');

      await page.getByTestId('payment-failed').getByLabel('Online betalen').check();
      await page.getByTestId('retry-payment').click();
      await page.getByTestId('sandbox-page').waitFor();
      await page.setViewportSize(DESKTOP);
      await screenshot(page, 'sandbox-1280');
      await page.setViewportSize(MOBILE);
      await page.getByRole('button', { name: 'Betalen' }).click();
      await page.getByTestId('order-page').waitFor();
      await expect.poll(() => text(page.getByTestId('payment-state'))).toBe('Betaald');
      expect(await page.getByTestId('payment-failed').count()).toBe(0);
      expect(await page.getByTestId('payment-instructions').count()).toBe(0);
      await axeAtRest(page);
      await screenshot(page, 'order-375');

      // The finished payment cannot be changed any more; its page leads back.
      await page.goto(sandboxUrl);
      expect(await page.getByRole('button', { name: 'Betaling mislukt' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Terug naar je bestelling' }).count()).toBe(1);
    },
    JOURNEY,
  );

  it(
    'an empty submit shows every SPEC message next to its field; billing and province only when needed',
    async () => {
      const page = await newPage();
      await addByRequest(page, 'skunk-1', '3 zaadjes');
      await open(page, '/checkout');
      await page.getByTestId('place-order').click();
      const expected: Record<string, string> = {
        email: 'Vul een geldig e-mailadres in.',
        'shipping.firstName': 'Voornaam is verplicht.',
        'shipping.lastName': 'Achternaam is verplicht.',
        'shipping.phone': 'Telefoonnummer is verplicht.',
        'shipping.line1': 'Adres is verplicht.',
        'shipping.city': 'Plaats is verplicht.',
        'shipping.postalCode': 'Postcode is verplicht.',
        paymentMethod: 'Betaaloptie is verplicht.',
      };
      for (const [name, message] of Object.entries(expected)) await expect.poll(() => text(page.getByTestId(`error-${name}`)), { message: name }).toBe(message);
      // Each message belongs to its field for assistive technology too.
      const firstName = section(page, 'Verzendadres').getByLabel('Voornaam');
      expect(await firstName.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await firstName.getAttribute('aria-describedby'))!;
      expect(await text(page.locator(`[id="${describedBy}"]`))).toBe('Voornaam is verplicht.');
      expect(page.url()).toMatch(/\/checkout$/);
      await axeAtRest(page);

      // Billing: hidden and ignored while "Zelfde als verzendadres" is ticked; required once it is not.
      expect(await page.getByTestId('billing-fields').isVisible()).toBe(false);
      await page.getByLabel('Zelfde als verzendadres').uncheck();
      await page.getByTestId('billing-fields').waitFor();
      await page.getByTestId('place-order').click();
      await expect.poll(() => text(page.getByTestId('error-billing.firstName'))).toBe('Voornaam is verplicht.');
      expect(await text(page.getByTestId('error-billing.postalCode'))).toBe('Postcode is verplicht.');
      await page.getByLabel('Zelfde als verzendadres').check();
      await fillCheckout(page, 'Contant per post');
      await expect.poll(() => page.getByTestId('error-shipping.firstName').innerText()).toBe('');

      // Another country of the region: its own rates and totals, without a round trip.
      expect(await text(page.getByTestId('checkout-summary'))).toContain('Verzending (Nederland)');
      await section(page, 'Verzendadres').getByLabel('Land').selectOption('BE');
      await expect.poll(() => text(page.getByTestId('checkout-summary'))).toContain('Verzending (België)');

      // A region whose country needs a province/state: the field is there and required.
      const us = await newPage();
      // The region cookie is called "locale" (SPEC §9).
      await us.context().addCookies([{ name: 'locale', value: 'us', url: baseURL() }]);
      await addByRequest(us, 'skunk-1', '3 zaadjes');
      await open(us, '/checkout');
      const state = section(us, 'Verzendadres').getByLabel('Provincie / staat');
      await state.waitFor();
      await us.getByTestId('place-order').click();
      await expect.poll(() => text(us.getByTestId('error-shipping.state'))).toBe('Provincie is vereist');
      await state.fill('Oregon');
      await expect.poll(() => us.getByTestId('error-shipping.state').innerText()).toBe('');
      // Refused submits answer 400 (server-side validation, ADR 023): expected, not a page error.
      ignoreErrors(/status of 400/);
    },
    JOURNEY,
  );

  it(
    'a postcode that is not one of the country’s: the country’s Dutch message next to the field, and written as the country writes it',
    async () => {
      const page = await newPage({ viewport: MOBILE });
      await addByRequest(page, 'skunk-1', '3 zaadjes');
      await open(page, '/checkout');
      await emailField(page).fill(EMAIL);
      await fillShipping(page);
      const shipping = section(page, 'Verzendadres');
      await shipping.getByLabel('Postcode').fill('12345');
      await page.getByTestId('place-order').click();
      await expect.poll(() => text(page.getByTestId('error-shipping.postalCode'))).toBe('Vul een geldige Nederlandse postcode in, zoals 1234 AB.');
      expect(await shipping.getByLabel('Postcode').getAttribute('aria-invalid')).toBe('true');
      // Belgium, the same region: its own rule.
      await shipping.getByLabel('Land').selectOption('BE');
      await shipping.getByLabel('Postcode').fill('1015 CJ');
      await page.getByTestId('place-order').click();
      await expect.poll(() => text(page.getByTestId('error-shipping.postalCode'))).toBe('Vul een geldige Belgische postcode in, zoals 1000.');
      await axeAtRest(page);
      await shipping.getByLabel('Land').selectOption('NL');
      await shipping.getByLabel('Postcode').fill('1015cj');
      await page.getByLabel(/Verzekerd pakket met track & trace/).check();
      await page.getByLabel(/Bankoverschrijving/).check();
      await page.getByTestId('place-order').click();
      await page.getByTestId('order-number').waitFor();
      expect(await text(page.locator('main'))).toContain('1015 CJ Amsterdam');
      ignoreErrors(/status of 400/);
    },
    JOURNEY,
  );

  it(
    'the whole purchase works without JavaScript (another shipping method, separate billing address, lookup)',
    async () => {
      const page = await newPage({ javaScriptEnabled: false });
      await page.goto('/product/skunk-1');
      await packLabel(page, '1 zaadje').click();
      await page.getByTestId('add-to-cart-button').click();
      await page.waitForURL('**/product/skunk-1');
      await page.goto('/checkout');

      // Empty submit: the server's messages next to the fields, nothing lost.
      await emailField(page).fill(EMAIL);
      await page.getByTestId('place-order').click();
      await page.getByTestId('error-shipping.firstName').filter({ hasText: 'Voornaam is verplicht.' }).waitFor();
      expect(await emailField(page).inputValue()).toBe(EMAIL);
      expect(await text(page.getByTestId('error-paymentMethod'))).toBe('Betaaloptie is verplicht.');

      await fillCheckout(page, 'Bankoverschrijving');
      // Without JavaScript the billing fields are always shown; they count once the box is unticked.
      await page.getByLabel('Zelfde als verzendadres').uncheck();
      const billing = section(page, 'Factuuradres');
      await billing.getByLabel('Voornaam').fill('Joris');
      await billing.getByLabel('Achternaam').fill('Bakker');
      await billing.getByLabel('Adres', { exact: true }).fill('Oudegracht 10');
      await billing.getByLabel('Postcode').fill('3511 AP');
      await billing.getByLabel('Plaats').fill('Utrecht');
      await billing.getByLabel('Telefoonnummer').fill('030 1234567');
      expect(await page.getByLabel(/Verzekerd pakket met track & trace/).isChecked()).toBe(true);
      await screenshot(page, 'checkout-nojs-1280');
      // The page could not re-price the method the shopper picked; that is their own choice, not a price
      // change, so the first click places the order (with the chosen method's shipping).
      await page.getByTestId('place-order').click();

      await page.waitForURL(/\/order-status\?bestelling=KK-.+&bedankt=1$/);
      expect(await text(page.getByTestId('instructions-iban'))).toBe(IBAN);
      const order = await text(page.getByTestId('order-items'));
      expect(order).toContain('Joris Bakker');
      expect(order).toContain('Sanne de Vries');
      const number = await orderNumber(page);

      await page.goto('/order-status');
      await page.getByLabel('Bestelnummer').fill(number);
      await emailField(page).fill('iemand@example.com');
      await page.getByRole('button', { name: 'Bestelling opzoeken' }).click();
      await page.getByTestId('lookup-error').waitFor();
      expect(await text(page.getByTestId('lookup-error'))).toBe('Bestelling niet gevonden');
      expect(await page.getByLabel('Bestelnummer').inputValue()).toBe(number);
      await emailField(page).fill(EMAIL);
      await page.getByRole('button', { name: 'Bestelling opzoeken' }).click();
      await page.waitForURL(/bestelling=KK-/);
      expect(await text(page.getByTestId('order-number'))).toBe(`Bestelling ${number}`);
      // The refused submits answer 4xx, which the browser logs; those are the intended answers here.
      ignoreErrors(/status of 40\d/);
    },
    JOURNEY,
  );

  it('/order-status and an empty /checkout: lookup page axe clean, an empty cart goes to /besteloverzicht', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/order-status');
    expect(await page.title()).toBe('Bestelstatus | Kiemkracht');
    await axeAtRest(page);
    await screenshot(page, 'order-status-375');
    await page.goto('/checkout');
    await page.waitForURL('**/besteloverzicht');
  });
});
