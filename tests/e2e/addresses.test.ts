// Saved addresses (/account/adressen): SPEC §5 messages next to the fields, create, edit, make default, delete
// (with its confirmation), the region warning of SPEC §5, another customer's address as a 404 (page and posts),
// the journey from sign-up through a saved address to an order in the account, the whole thing without
// JavaScript, axe on the list and the form, screenshots at 375/1280. Every test uses its own account.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, createAccount, freshEmail, logIn } from './accounts.ts';
import { DESKTOP, MOBILE, baseURL, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { emailField, open, routerIdle } from './pages.ts';
import { type Address, addByRequest, createAddressByRequest, fillAddress, section } from './shop.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 90_000;

const AMSTERDAM: Address = {
  firstName: 'Sanne',
  lastName: 'de Vries',
  line1: 'Keizersgracht 1',
  postalCode: '1015 CJ',
  city: 'Amsterdam',
  country: 'NL',
  phone: '+31 6 12345678',
};
const ANTWERPEN: Address = {
  firstName: 'Joris',
  lastName: 'Peeters',
  line1: 'Meir 12',
  postalCode: '2000',
  city: 'Antwerpen',
  country: 'BE',
  phone: '+32 470 12 34 56',
};
const UTRECHT: Address = {
  firstName: 'Sanne',
  lastName: 'de Vries',
  line1: 'Oudegracht 200',
  postalCode: '3511 NT',
  city: 'Utrecht',
  country: 'NL',
  phone: '+31 6 87654321',
};
const BERLIN: Address = {
  firstName: 'Lena',
  lastName: 'Schmidt',
  line1: 'Unter den Linden 5',
  postalCode: '10117',
  city: 'Berlin',
  country: 'DE',
  phone: '+49 30 1234567',
};

const cards = (page: Page) => page.getByTestId('address-card');
const card = (page: Page, text: string) => cards(page).filter({ hasText: text });
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).replace(/\u00a0/g, ' ').trim();

async function axeAtRest(page: Page) {
  await routerIdle(page);
  await page.locator('[role="progressbar"]').waitFor({ state: 'detached' });
  await expectAxeClean(page);
}

/** The id of the saved address on the card that contains `text` (from its edit link). */
async function addressId(page: Page, text: string): Promise<string> {
  const href = await card(page, text)
    .getByRole('link', { name: /wijzigen/ })
    .getAttribute('href');
  return href!.split('/').pop()!;
}

/**
 * Follows a link to the address form page. With JavaScript the list's links open the address modal
 * (address-modals.test.ts); these tests are about the pages, so they go where the link points.
 */
async function toFormPage(page: Page, link: Locator) {
  await open(page, (await link.getAttribute('href'))!);
}

const post = (page: Page, path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL() }, maxRedirects: 0 });

describe('saved addresses', () => {
  it(
    'empty state; an empty submit shows the SPEC messages next to the fields; create, edit, make default and delete',
    async () => {
      const page = await newPage({ viewport: MOBILE });
      await createAccount(page, freshEmail('adressen'));
      await open(page, '/account/adressen');
      expect(await text(page, 'addresses-empty')).toContain('Je hebt nog geen adressen opgeslagen.');
      await axeAtRest(page);
      await screenshot(page, 'addresses-empty-375');

      await toFormPage(page, page.getByTestId('addresses-empty').getByRole('link', { name: 'Adres toevoegen' }));
      await page.waitForURL('**/account/adressen/nieuw');
      await routerIdle(page);
      await page.getByTestId('save-address').click();
      await expect.poll(() => text(page, 'error-address.firstName')).toBe('Voornaam is verplicht.');
      expect(await text(page, 'error-address.lastName')).toBe('Achternaam is verplicht.');
      expect(await text(page, 'error-address.line1')).toBe('Adres is verplicht.');
      expect(await text(page, 'error-address.postalCode')).toBe('Postcode is verplicht.');
      expect(await text(page, 'error-address.city')).toBe('Plaats is verplicht.');
      expect(await text(page, 'error-address.phone')).toBe('Telefoonnummer is verplicht.');
      // The country list is the region's (Nederland & België).
      expect(await page.getByLabel('Land', { exact: true }).locator('option').allInnerTexts()).toEqual(['België', 'Nederland']);
      await axeAtRest(page);
      await screenshot(page, 'address-form-errors-375');

      await fillAddress(page, AMSTERDAM);
      await page.getByTestId('save-address').click();
      await page.waitForURL((u) => u.pathname === '/account/adressen');
      await expect.poll(() => page.getByText('Adres toegevoegd.').count()).toBeGreaterThan(0);
      await expect.poll(() => cards(page).count()).toBe(1);
      // The first address is both defaults.
      expect(await card(page, 'Keizersgracht 1').getByTestId('address-badges').innerText()).toMatch(/Standaard verzendadres[\s\S]*Standaard factuuradres/);

      await toFormPage(page, page.getByRole('link', { name: 'Adres toevoegen' }));
      await page.waitForURL('**/account/adressen/nieuw');
      await routerIdle(page);
      await fillAddress(page, ANTWERPEN);
      await page.getByTestId('save-address').click();
      await page.waitForURL((u) => u.pathname === '/account/adressen');
      await expect.poll(() => cards(page).count()).toBe(2);
      expect(await card(page, 'Meir 12').getByTestId('address-badges').count()).toBe(0);
      expect(await card(page, 'Meir 12').innerText()).toContain('België');

      // Make the second the default shipping address: the badge moves, billing stays.
      await card(page, 'Meir 12').getByRole('button', { name: 'Maak standaard verzendadres' }).click();
      await expect.poll(() => page.getByText('Standaard verzendadres gewijzigd.').count()).toBeGreaterThan(0);
      await expect.poll(() => card(page, 'Meir 12').getByTestId('address-badges').innerText()).toBe('Standaard verzendadres');
      expect(await card(page, 'Keizersgracht 1').getByTestId('address-badges').innerText()).toBe('Standaard factuuradres');
      // The default comes first.
      expect(await cards(page).first().innerText()).toContain('Meir 12');
      await axeAtRest(page);
      // Reloaded, so the confirmation toasts do not cover the cards in the picture.
      await open(page, '/account/adressen');
      await screenshot(page, 'addresses-375');

      // Edit: the form holds the saved values.
      await toFormPage(page, card(page, 'Meir 12').getByRole('link', { name: 'Adres van Joris Peeters wijzigen' }));
      await page.waitForURL(/\/account\/adressen\/\d+$/);
      await routerIdle(page);
      expect(await page.getByLabel('Plaats').inputValue()).toBe('Antwerpen');
      expect(await page.getByLabel('Land', { exact: true }).inputValue()).toBe('BE');
      await page.getByLabel('Adres', { exact: true }).fill('Groenplaats 3');
      await page.getByLabel('Voornaam').fill('');
      await page.getByTestId('save-address').click();
      await expect.poll(() => text(page, 'error-address.firstName')).toBe('Voornaam is verplicht.');
      await page.getByLabel('Voornaam').fill('Joris');
      await page.getByTestId('save-address').click();
      await page.waitForURL((u) => u.pathname === '/account/adressen');
      await expect.poll(() => page.getByText('Adres opgeslagen.').count()).toBeGreaterThan(0);
      await expect.poll(() => card(page, 'Groenplaats 3').count()).toBe(1);
      expect(await card(page, 'Meir 12').count()).toBe(0);

      // Delete asks first; "Nee, bewaren" keeps it. Deleting the default billing address hands the role on.
      const amsterdam = card(page, 'Keizersgracht 1');
      await amsterdam.getByText('Verwijderen', { exact: true }).click();
      await amsterdam.getByText('Weet je zeker dat je dit adres wilt verwijderen?').waitFor();
      await amsterdam.getByText('Nee, bewaren').click();
      await amsterdam.getByRole('button', { name: 'Ja, verwijderen' }).waitFor({ state: 'hidden' });
      await amsterdam.getByText('Verwijderen', { exact: true }).click();
      await amsterdam.getByRole('button', { name: 'Ja, verwijderen' }).click();
      await expect.poll(() => page.getByText('Adres verwijderd.').count()).toBeGreaterThan(0);
      await expect.poll(() => cards(page).count()).toBe(1);
      expect(await card(page, 'Groenplaats 3').getByTestId('address-badges').innerText()).toMatch(/Standaard verzendadres[\s\S]*Standaard factuuradres/);
      // Refused submits answer 400 (server-side validation, ADR 023): expected, not a page error.
      ignoreErrors(/status of 400/);
    },
    JOURNEY,
  );

  it('desktop: the list, the form and the Standaardadressen card on /account', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await createAccount(page, freshEmail('bureau'));
    await open(page, '/account');
    expect(await text(page, 'default-addresses')).toContain('Je hebt nog geen adres opgeslagen.');
    await createAddressByRequest(page, AMSTERDAM);
    await createAddressByRequest(page, UTRECHT, { defaultBilling: 'on' });
    await createAddressByRequest(page, ANTWERPEN);
    await open(page, '/account');
    const overview = await text(page, 'default-addresses');
    expect(overview).toMatch(/Verzendadres[\s\S]*Keizersgracht 1[\s\S]*Factuuradres[\s\S]*Oudegracht 200/i);
    await axeAtRest(page);
    await page.getByTestId('default-addresses').getByRole('link', { name: 'Adressen beheren' }).click();
    await page.waitForURL('**/account/adressen');
    await routerIdle(page);
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(await page.getByText('(3 van 20 adressen)').count()).toBe(1);
    await axeAtRest(page);
    await screenshot(page, 'addresses-1280');
    await toFormPage(page, card(page, 'Oudegracht 200').getByRole('link', { name: /wijzigen/ }));
    await page.waitForURL(/\/account\/adressen\/\d+$/);
    await routerIdle(page);
    await expect.poll(() => page.getByText('Dit is je standaard factuuradres.', { exact: false }).count()).toBe(1);
    await axeAtRest(page);
    await screenshot(page, 'address-form-1280');
  });

  it(
    'SPEC §5: a default outside the chosen region gets a warning; that address stays editable and cannot become a default there',
    async () => {
      const page = await newPage({ viewport: DESKTOP });
      await createAccount(page, freshEmail('regio'));
      await createAddressByRequest(page, AMSTERDAM);
      await createAddressByRequest(page, ANTWERPEN);
      await open(page, '/account/adressen');
      expect(await page.getByTestId('region-warning').count()).toBe(0);
      const nlId = await addressId(page, 'Keizersgracht 1');

      // To the Duitsland region: both defaults (Amsterdam) are now outside it.
      await page.context().addCookies([{ name: 'locale', value: 'de', url: baseURL() }]);
      await open(page, '/account/adressen');
      const warning = await text(page, 'region-warning');
      expect(warning).toContain('Kies een ander standaardadres');
      expect(warning).toContain('Je standaard verzendadres ligt in Nederland, maar vanuit de regio Duitsland leveren we daar niet.');
      expect(warning).toContain('Je standaard factuuradres ligt in Nederland');
      expect(await page.getByTestId('region-warning').getAttribute('role')).toBeNull();
      expect(await card(page, 'Keizersgracht 1').innerText()).toContain('Niet in je regio');
      expect(
        await card(page, 'Meir 12')
          .getByRole('button', { name: /Maak standaard/ })
          .count(),
      ).toBe(0);
      await axeAtRest(page);
      await screenshot(page, 'addresses-region-warning-1280');

      // The checkout says so too, with the way out: another address, a new one, or another region.
      await addByRequest(page, 'skunk-1', '1 zaadje');
      await open(page, '/checkout');
      expect(await text(page, 'default-outside-region')).toContain(
        'Je standaard verzendadres ligt in Nederland, maar vanuit de regio Duitsland verzenden we daar niet. Kies een ander adres, vul een nieuw adres in of wijzig je regio.',
      );
      expect(await page.getByTestId('outside-change-region').getAttribute('href')).toContain('regio=1');

      // Still editable: its own country is offered after the region's.
      await open(page, `/account/adressen/${nlId}`);
      expect(await text(page, 'address-abroad')).toContain('Nederland hoort niet bij je gekozen regio.');
      expect(await page.getByLabel('Land', { exact: true }).locator('option').allInnerTexts()).toEqual(['Duitsland', 'Nederland']);
      expect(await page.getByLabel('Land', { exact: true }).inputValue()).toBe('NL');
      await page.getByLabel('Plaats').fill('Amsterdam-Centrum');
      await page.getByTestId('save-address').click();
      await page.waitForURL((u) => u.pathname === '/account/adressen');
      await expect.poll(() => card(page, 'Amsterdam-Centrum').count()).toBe(1);

      // The server refuses a default outside the region too, and a new address must be in the region.
      const refused = await post(page, '/account/adressen', { intent: 'set-default-shipping', id: await addressId(page, 'Meir 12') });
      expect(refused.status()).toBe(302);
      await page.context().clearCookies({ name: 'flash' });
      const belgian = await post(page, '/account/adressen/nieuw', {
        intent: 'create',
        ...Object.fromEntries(Object.entries(ANTWERPEN).map(([k, v]) => [`address.${k}`, v])),
        'address.line1': 'Grote Markt 1',
      });
      expect(belgian.status()).toBe(400);

      // A German address made the default removes the warning.
      await toFormPage(page, page.getByRole('link', { name: 'Adres toevoegen' }));
      await page.waitForURL('**/account/adressen/nieuw');
      await routerIdle(page);
      await fillAddress(page, BERLIN);
      await page.getByLabel('Gebruik als standaard verzendadres').check();
      await page.getByLabel('Gebruik als standaard factuuradres').check();
      await page.getByTestId('save-address').click();
      await page.waitForURL((u) => u.pathname === '/account/adressen');
      await expect.poll(() => cards(page).count()).toBe(3);
      expect(await page.getByTestId('region-warning').count()).toBe(0);
      expect(await cards(page).first().innerText()).toContain('Unter den Linden 5');
      await open(page, '/account/adressen');
      expect(await card(page, 'Grote Markt 1').count()).toBe(0);
      expect(await card(page, 'Meir 12').getByTestId('address-badges').innerText()).toBe('Niet in je regio');
    },
    JOURNEY,
  );

  it("another customer's address is a 404, and their posts change nothing", async () => {
    const a = await newPage();
    await createAccount(a, freshEmail('eigenaar'));
    await createAddressByRequest(a, AMSTERDAM);
    await createAddressByRequest(a, UTRECHT);
    await open(a, '/account/adressen');
    const id = await addressId(a, 'Oudegracht 200');

    const b = await newPage();
    await createAccount(b, freshEmail('inbreker'));
    await createAddressByRequest(b, ANTWERPEN);
    const res = await b.goto(`/account/adressen/${id}`);
    expect(res?.status()).toBe(404);
    expect(await b.getByText('Oeps! Nothing here').count()).toBe(1);
    for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) expect((await b.goto(`/account/adressen/${bad}`))?.status(), bad).toBe(404);

    const form = Object.fromEntries(Object.entries(ANTWERPEN).map(([k, v]) => [`address.${k}`, v]));
    for (const attempt of [
      { intent: 'update', id, ...form },
      { intent: 'delete', id },
      { intent: 'set-default-shipping', id },
      { intent: 'set-default-billing', id },
    ]) {
      expect((await post(b, `/account/adressen/${id}`, attempt)).status(), attempt.intent).toBe(404);
      expect((await post(b, '/account/adressen', attempt)).status(), attempt.intent).toBe(404);
    }
    // Nonsense answers cleanly, never a 500.
    expect((await post(b, '/account/adressen', { intent: 'delete', id: 'abc' })).status()).toBe(404);
    expect((await post(b, '/account/adressen', { intent: 'explode' })).status()).toBe(400);

    await open(a, '/account/adressen');
    expect(await card(a, 'Oudegracht 200').innerText()).toContain('Utrecht');
    expect(await card(a, 'Oudegracht 200').getByTestId('address-badges').count()).toBe(0);
    expect(await card(a, 'Keizersgracht 1').getByTestId('address-badges').innerText()).toMatch(/Standaard verzendadres[\s\S]*Standaard factuuradres/);
    await open(b, '/account/adressen');
    expect(await cards(b).count()).toBe(1);
    ignoreErrors(/status of 40[04]/);
  });

  it('a cross-site form post to the account forms is refused and changes nothing', async () => {
    const page = await newPage();
    const address = freshEmail('doelwit');
    await createAccount(page, address);
    await createAddressByRequest(page, AMSTERDAM);
    await open(page, '/account/adressen');
    const id = await addressId(page, 'Keizersgracht 1');

    // Another site (127.0.0.1 is not the same site as localhost) with forms that post to the shop by
    // themselves, in the browser of a logged-in customer, as a real attack page would.
    const shop = new URL(baseURL());
    const attacker = `http://127.0.0.1:${shop.port}`;
    const attacks: [string, Record<string, string>][] = [
      ['/account/adressen', { intent: 'delete', id }],
      ['/account/details', { intent: 'personal', name: 'Mallory', dateOfBirth: '1990-01-01' }],
      ['/account/verwijderen', { password: PASSWORD, confirm: 'on' }],
      ['/uitloggen', { intent: 'everywhere' }],
    ];
    for (const [path, fields] of attacks) {
      const inputs = Object.entries(fields)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`)
        .join('');
      await page.route(`${attacker}/prijsvraag`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<form method="post" action="${shop.origin}${path}">${inputs}</form><script>document.forms[0].submit()</script>`,
        }),
      );
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url() === `${shop.origin}${path}`),
        page.goto(`${attacker}/prijsvraag`),
      ]);
      expect(res.status(), path).toBe(403);
      expect(await res.text(), path).toContain('Verzoek geweigerd');
      await page.unroute(`${attacker}/prijsvraag`);
    }
    // Even with the session cookie attached (a browser that sends it cross-site), the origin decides.
    for (const [path, form] of attacks) {
      const res = await page.request.post(path, { form, headers: { Origin: 'https://prijsvraag.example', 'Sec-Fetch-Site': 'cross-site' }, maxRedirects: 0 });
      expect(res.status(), path).toBe(403);
    }

    await open(page, '/account/adressen');
    expect(new URL(page.url()).pathname, 'still logged in').toBe('/account/adressen');
    expect(await cards(page).count()).toBe(1);
    await open(page, '/account/details');
    expect(await page.locator('section#persoonlijk').getByLabel('Naam').inputValue()).toBe('Sanne de Vries');
    // The refusal is plain text, so the browser also asks for /favicon.ico (the shop's icon is an SVG link).
    ignoreErrors(/status of 40[34]/);
  });

  it(
    'journey: sign up, log in, save an address, check out with it by bank transfer, save a second one at the checkout, find the order in the account',
    async () => {
      const email = freshEmail('reis');
      const page = await newPage({ viewport: DESKTOP });
      await createAccount(page, email);
      await page.context().clearCookies({ name: 'session' });
      await open(page, '/inloggen');
      await logIn(page, email, PASSWORD);
      await page.waitForURL('**/account');
      await routerIdle(page);
      await page.getByTestId('default-addresses').getByRole('link', { name: 'Adres toevoegen' }).click();
      await page.waitForURL('**/account/adressen/nieuw');
      await routerIdle(page);
      await fillAddress(page, AMSTERDAM);
      await page.getByTestId('save-address').click();
      await page.waitForURL((u) => u.pathname === '/account/adressen');
      await routerIdle(page);

      await addByRequest(page, 'skunk-1', '3 zaadjes');
      await open(page, '/checkout');
      // The account's e-mail and the default address are filled in; the saved address is offered.
      expect(await emailField(page).inputValue()).toBe(email);
      const shipping = section(page, 'Verzendadres');
      expect(await shipping.getByLabel('Adres', { exact: true }).inputValue()).toBe('Keizersgracht 1');
      expect(await shipping.getByLabel('Postcode').inputValue()).toBe('1015 CJ');
      const offered = page.getByTestId('saved-shipping').getByRole('link', { name: /Keizersgracht 1/ });
      expect(await offered.getAttribute('aria-current')).toBe('true');
      // Typing something else, then picking the saved address again fills the fields in place.
      await shipping.getByLabel('Plaats').fill('Rotterdam');
      await expect.poll(() => offered.getAttribute('aria-current')).toBeNull();
      await offered.click();
      await expect.poll(() => shipping.getByLabel('Plaats').inputValue()).toBe('Amsterdam');
      expect(new URL(page.url()).pathname).toBe('/checkout');
      await axeAtRest(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'checkout-saved-addresses-1280');
      await page.getByLabel(/Bankoverschrijving/).check();
      await page.getByTestId('place-order').click();
      await page.waitForURL(/\/order-status\?bestelling=/);
      const number = (await text(page, 'order-number')).replace('Bestelling ', '');

      await open(page, `/account/orders/${number}`);
      expect(await text(page, 'order-number')).toBe(`Bestelling ${number}`);
      expect(await page.getByTestId('account-order').innerText()).toContain('Keizersgracht 1');

      // A second order to a new address, saved at the checkout.
      await addByRequest(page, 'skunk-1', '3 zaadjes');
      await open(page, '/checkout');
      await fillAddress(section(page, 'Verzendadres'), UTRECHT);
      await page.getByLabel('Adres opslaan in mijn account').check();
      await page.getByLabel(/Bankoverschrijving/).check();
      await page.getByTestId('place-order').click();
      await page.waitForURL(/\/order-status\?bestelling=/);
      await expect.poll(() => page.getByText('Je adres is opgeslagen in je account.').count()).toBeGreaterThan(0);
      await open(page, '/account/adressen');
      expect(await cards(page).count()).toBe(2);
      expect(await card(page, 'Oudegracht 200').getByTestId('address-badges').count()).toBe(0);
    },
    JOURNEY,
  );

  it(
    'without JavaScript: server messages next to the fields, create, make default, delete, and the checkout prefilled and picked by the server',
    async () => {
      const page = await newPage({ javaScriptEnabled: false, viewport: MOBILE });
      await createAccount(page, freshEmail('nojs'));
      await page.goto('/account/adressen/nieuw');
      await page.getByTestId('save-address').click();
      await page.waitForLoadState();
      expect(await text(page, 'error-address.firstName')).toBe('Voornaam is verplicht.');
      expect(await text(page, 'error-address.phone')).toBe('Telefoonnummer is verplicht.');
      expect(await text(page, 'error-address.postalCode')).toBe('Postcode is verplicht.');
      // A postcode that is not a Dutch one: the country's message next to the field.
      await fillAddress(page, { ...AMSTERDAM, postalCode: '1015' });
      await page.getByTestId('save-address').click();
      await page.waitForLoadState();
      expect(await text(page, 'error-address.postalCode')).toBe('Vul een geldige Nederlandse postcode in, zoals 1234 AB.');
      await fillAddress(page, AMSTERDAM);
      await page.getByTestId('save-address').click();
      await page.waitForURL((u) => u.pathname === '/account/adressen');
      await expect.poll(() => page.getByTestId('flash-banner').innerText()).toBe('Adres toegevoegd.');
      await page.getByRole('link', { name: 'Adres toevoegen' }).click();
      await fillAddress(page, UTRECHT);
      await page.getByTestId('save-address').click();
      await page.waitForURL((u) => u.pathname === '/account/adressen');
      await expect.poll(() => cards(page).count()).toBe(2);
      await card(page, 'Oudegracht 200').getByRole('button', { name: 'Maak standaard verzendadres' }).click();
      await page.waitForURL((u) => u.pathname === '/account/adressen');
      await expect.poll(() => card(page, 'Oudegracht 200').getByTestId('address-badges').innerText()).toBe('Standaard verzendadres');

      // The checkout: the default shipping and billing address are filled in by the server; a saved card is a link that picks another.
      await addByRequest(page, 'skunk-1', '3 zaadjes');
      await page.goto('/checkout');
      const shipping = section(page, 'Verzendadres');
      expect(await shipping.getByLabel('Adres', { exact: true }).inputValue()).toBe('Oudegracht 200');
      expect(await page.getByLabel('Zelfde als verzendadres').isChecked()).toBe(false);
      expect(await section(page, 'Factuuradres').getByLabel('Adres', { exact: true }).inputValue()).toBe('Keizersgracht 1');
      await page
        .getByTestId('saved-shipping')
        .getByRole('link', { name: /Keizersgracht 1/ })
        .click();
      await page.waitForURL(/verzendadres=/);
      await expect.poll(() => shipping.getByLabel('Adres', { exact: true }).inputValue()).toBe('Keizersgracht 1');
      expect(await page.getByLabel('Zelfde als verzendadres').isChecked()).toBe(true);

      // "Nieuw adres" is the account's form, which comes back to the checkout (a validated redirectTo).
      await page.getByTestId('saved-shipping-add').click();
      await page.waitForURL((u) => u.pathname === '/account/adressen/nieuw' && u.searchParams.get('redirectTo') === '/checkout');
      expect(await page.getByRole('link', { name: 'Terug naar afrekenen' }).getAttribute('href')).toBe('/checkout');
      await fillAddress(page, { ...AMSTERDAM, line1: 'Damrak 5', postalCode: '1012 LG' });
      await page.getByTestId('save-address').click();
      await page.waitForURL((u) => u.pathname === '/checkout');
      await expect.poll(() => page.getByTestId('flash-banner').innerText()).toBe('Adres toegevoegd.');
      expect(await page.getByTestId('saved-shipping').getByRole('link', { name: /Damrak 5/ }).count()).toBe(1);
      // Another site as redirectTo is not followed: the list, as without one.
      await page.goto(`/account/adressen/nieuw?redirectTo=${encodeURIComponent('//evil.example/x')}`);
      expect(await page.getByRole('link', { name: 'Terug naar mijn adressen' }).count()).toBe(1);
      await fillAddress(page, { ...AMSTERDAM, line1: 'Damrak 6', postalCode: '1012 LG' });
      await page.getByTestId('save-address').click();
      await page.waitForURL((u) => u.pathname === '/account/adressen');
      const forged = await post(page, '/account/adressen/nieuw', {
        intent: 'create',
        redirectTo: 'https://evil.example/',
        ...Object.fromEntries(Object.entries({ ...AMSTERDAM, line1: 'Damrak 7' }).map(([k, v]) => [`address.${k}`, v])),
      });
      expect(forged.status()).toBe(302);
      expect(forged.headers()['location']).toBe('/account/adressen');

      // Delete with its confirmation (a <details>, no script needed).
      await page.goto('/account/adressen');
      const utrecht = card(page, 'Oudegracht 200');
      await utrecht.getByText('Verwijderen', { exact: true }).click();
      await utrecht.getByRole('button', { name: 'Ja, verwijderen' }).click();
      await page.waitForURL((u) => u.pathname === '/account/adressen');
      await expect.poll(() => cards(page).count()).toBe(4);
      expect(await card(page, 'Keizersgracht 1').getByTestId('address-badges').innerText()).toMatch(/Standaard verzendadres[\s\S]*Standaard factuuradres/);
      // The refused empty form answered 400: expected, not a page error.
      ignoreErrors(/status of 400/);
    },
    JOURNEY,
  );
});
