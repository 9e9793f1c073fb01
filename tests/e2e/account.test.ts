// Accounts: sign-up with the confirmation mail, log-in and log-out, the login page for a logged-in
// visitor, the /account guard, forgotten password through the mail, "log out everywhere", no-JS log-in,
// axe on every account page type, screenshots at 375/1280. Mails are read from the dev outbox.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, createAccount, freshEmail, linkIn, logIn, mailTo } from './accounts.ts';
import { DESKTOP, MOBILE, baseURL, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { emailField, open, routerIdle } from './pages.ts';
import { addByRequest, fillShipping } from './shop.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 90_000;
const NEW_PASSWORD = 'herfstbladeren vallen zacht';
const email = `sanne.${Date.now()}@example.com`;

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

async function axeAtRest(page: Page) {
  await routerIdle(page);
  await page.locator('[role="progressbar"]').waitFor({ state: 'detached' });
  await expectAxeClean(page);
}

/** A bank-transfer order for `address`, placed as a guest would. */
async function placeOrder(page: Page, address: string): Promise<string> {
  await addByRequest(page, 'skunk-1', '3 zaadjes');
  await open(page, '/checkout');
  await emailField(page).fill(address);
  await fillShipping(page);
  await page.getByLabel(/Bankoverschrijving/).check();
  await page.getByTestId('place-order').click();
  await page.waitForURL(/\/order-status\?bestelling=/);
  return (await text(page, 'order-number')).replace('Bestelling ', '');
}

describe('accounts', () => {
  it(
    'sign up, confirm through the mail and land logged in; the login page then says so; log out; log in again',
    async () => {
      const page = await newPage({ viewport: MOBILE });
      await open(page, '/registreren');
      await axeAtRest(page);
      await screenshot(page, 'register-375');

      // Every message next to its field on one submit (SPEC §5 texts).
      await page.getByRole('button', { name: 'Account aanmaken' }).click();
      await expect.poll(() => text(page, 'error-email')).toBe('Vul een geldig e-mailadres in.');
      expect(await text(page, 'error-password')).toBe('Een geldig wachtwoord is vereist');
      expect(await text(page, 'error-name')).toBe('Naam is verplicht.');

      await page.getByLabel('Naam').fill('Sanne de Vries');
      await emailField(page).fill(email);
      await page.getByLabel('Geboortedatum').fill('1990-05-01');
      await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Herhaal wachtwoord').fill('iets anders dan dat');
      await page.getByRole('button', { name: 'Account aanmaken' }).click();
      await expect.poll(() => text(page, 'error-passwordConfirm')).toBe('Wachtwoorden komen niet overeen');
      await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Herhaal wachtwoord').fill(PASSWORD);
      await page.getByRole('button', { name: 'Account aanmaken' }).click();
      await page.getByTestId('signup-done').waitFor();

      // Not confirmed yet: logging in is refused with the one SPEC message.
      const early = await newPage();
      await open(early, '/inloggen');
      await logIn(early, email, PASSWORD);
      await expect.poll(() => text(early, 'form-error')).toBe('Gebruikersnaam en/of wachtwoord is onjuist. Probeer het opnieuw of reset je wachtwoord.');

      const confirm = linkIn(await mailTo(email, '/registreren/bevestigen'), '/registreren/bevestigen');
      await open(page, confirm);
      await axeAtRest(page);
      await page.getByRole('button', { name: 'Bevestig mijn e-mailadres' }).click();
      await page.waitForURL('**/account');
      await routerIdle(page);
      expect(await text(page, 'greeting')).toBe('Hallo Sanne de Vries');
      expect(await text(page, 'account-email')).toBe(email);
      expect(await page.getByTestId('sessions').getByRole('listitem').count()).toBe(1);
      await axeAtRest(page);
      await screenshot(page, 'account-375');

      // The link works once.
      const again = await newPage();
      await open(again, confirm);
      await again.getByRole('button', { name: 'Bevestig mijn e-mailadres' }).click();
      await expect.poll(() => text(again, 'form-error')).toContain('ongeldig of verlopen');

      // SPEC §2: the login page tells a logged-in visitor so, with a link to the account.
      await open(page, '/inloggen');
      expect(await text(page, 'logged-in')).toBe('Je bent ingelogd als Sanne de Vries.');
      expect(await page.getByRole('link', { name: 'Naar mijn account' }).getAttribute('href')).toBe('/account');

      await open(page, '/account');
      await page.getByRole('button', { name: 'Uitloggen' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      expect((await page.context().cookies()).some((c) => c.name === 'session')).toBe(false);

      await open(page, '/inloggen');
      await logIn(page, email, 'niet mijn wachtwoord');
      await expect.poll(() => text(page, 'form-error')).toBe('Gebruikersnaam en/of wachtwoord is onjuist. Probeer het opnieuw of reset je wachtwoord.');
      await axeAtRest(page);
      await logIn(page, email, PASSWORD);
      await page.waitForURL('**/account');
      await expect.poll(() => page.getByText('succesvol ingelogd').count()).toBeGreaterThan(0);
      // Refused forms answer 400/401: expected, not a page error.
      ignoreErrors(/status of 40[01]/);
    },
    JOURNEY,
  );

  it('a guest opening /account goes to /inloggen and comes back there after logging in (also without JavaScript)', async () => {
    const page = await newPage({ javaScriptEnabled: false, viewport: DESKTOP });
    const res = await page.goto('/account');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/inloggen?redirectTo=%2Faccount');
    expect(res?.status()).toBe(200);
    await screenshot(page, 'login-1280');
    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/account');
    expect(await text(page, 'greeting')).toBe('Hallo Sanne de Vries');
    // An outside address in redirectTo is ignored.
    await page.context().clearCookies({ name: 'session' });
    await page.goto('/inloggen?redirectTo=https://example.org/');
    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/account');
  });

  it(
    'forgotten password: the same answer for an unknown address; the mailed link sets a new password and ends every session',
    async () => {
      const other = await newPage();
      await open(other, '/inloggen');
      await logIn(other, email, PASSWORD);
      await other.waitForURL('**/account');

      const page = await newPage({ viewport: MOBILE });
      await open(page, '/wachtwoord-vergeten');
      await axeAtRest(page);
      await emailField(page).fill('niemand@example.com');
      await page.getByRole('button', { name: 'Stuur de link' }).click();
      await expect.poll(() => text(page, 'form-success')).toBe('E-mail voor wachtwoordreset verzonden.');
      // The form empties itself after a success; fill it only then, or the reset wipes what was typed.
      await expect.poll(() => emailField(page).inputValue()).toBe('');
      await emailField(page).fill(email);
      await page.getByRole('button', { name: 'Stuur de link' }).click();
      await routerIdle(page);
      expect(await text(page, 'form-success')).toBe('E-mail voor wachtwoordreset verzonden.');

      const reset = linkIn(await mailTo(email, '/wachtwoord-herstellen'), '/wachtwoord-herstellen');
      await open(page, reset);
      await axeAtRest(page);
      await screenshot(page, 'reset-password-375');
      await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('password');
      await page.getByLabel('Herhaal nieuw wachtwoord').fill('password');
      await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
      await expect.poll(() => text(page, 'error-password')).toContain('veel gebruikt');
      await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Herhaal nieuw wachtwoord').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
      await page.waitForURL('**/inloggen');
      await expect.poll(() => page.getByText('Wachtwoord succesvol gereset').count()).toBeGreaterThan(0);

      // The other browser's session ended with the reset.
      await other.goto('/account');
      expect(new URL(other.url()).pathname).toBe('/inloggen');

      // The link is spent; the old password no longer works, the new one does.
      await open(page, reset);
      await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('nog een ander lang wachtwoord');
      await page.getByLabel('Herhaal nieuw wachtwoord').fill('nog een ander lang wachtwoord');
      await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
      await expect.poll(() => text(page, 'form-error')).toBe('Kon het wachtwoord niet resetten, neem contact op met de klantenservice');
      await open(page, '/inloggen');
      await logIn(page, email, PASSWORD);
      await expect.poll(() => page.getByTestId('form-error').count()).toBe(1);
      await logIn(page, email, NEW_PASSWORD);
      await page.waitForURL('**/account');
      ignoreErrors(/status of 40[01]/);
    },
    JOURNEY,
  );

  it('"Overal uitloggen" ends the other sessions and keeps this one; the account lists its orders, not somebody else\'s', async () => {
    const first = await newPage();
    await open(first, '/inloggen');
    await logIn(first, email, NEW_PASSWORD);
    await first.waitForURL('**/account');
    const second = await newPage({ viewport: DESKTOP });
    await open(second, '/inloggen');
    await logIn(second, email, NEW_PASSWORD);
    await second.waitForURL('**/account');
    await routerIdle(second);
    await expect.poll(() => second.getByTestId('sessions').getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await axeAtRest(second);
    await screenshot(second, 'account-1280');
    await second.getByRole('button', { name: 'Overal uitloggen' }).click();
    await expect.poll(() => second.getByText('Je bent op al je andere apparaten uitgelogd.').count()).toBeGreaterThan(0);
    await expect.poll(() => second.getByTestId('sessions').getByRole('listitem').count()).toBe(1);
    await first.goto('/account');
    expect(new URL(first.url()).pathname).toBe('/inloggen');

    // Orders placed with the account's (confirmed) address are in the account; somebody else's are a 404.
    const mine = await placeOrder(second, email);
    const theirs = await placeOrder(await newPage(), 'iemand.anders@example.com');
    await open(second, '/account/order');
    expect(new URL(second.url()).pathname).toBe('/account/orders');
    await axeAtRest(second);
    expect(await second.getByTestId('account-orders').innerText()).toContain(mine);
    expect(await second.getByTestId('account-orders').innerText()).not.toContain(theirs);
    await second.getByRole('link', { name: new RegExp(`Bestelling ${mine}`) }).click();
    await second.waitForURL(`**/account/orders/${mine}`);
    await routerIdle(second);
    expect(await text(second, 'order-number')).toBe(`Bestelling ${mine}`);
    expect(await text(second, 'instructions-reference')).toBe(mine);
    await expect.poll(() => second.getByRole('list', { name: 'Verloop van je bestelling' }).getByRole('listitem').count()).toBe(3);
    await axeAtRest(second);
    await screenshot(second, 'account-order-1280');
    const res = await second.goto(`/account/orders/${theirs}`);
    expect(res?.status()).toBe(404);
    expect(await second.getByText('Oeps! Nothing here').count()).toBe(1);
    // A guest is sent to log in first.
    await first.goto(`/account/orders/${mine}`);
    expect(new URL(first.url()).pathname).toBe('/inloggen');
    ignoreErrors(/status of 404/);
  }, JOURNEY);

  it(
    'the login popup: a wrong password is refused inside it, the right one logs in on the same page, and the guest cart joins the account\'s cart on every device',
    async () => {
      // Device 1: the customer's own cart with one pack.
      const address = freshEmail('popup');
      const device1 = await newPage();
      await createAccount(device1, address);
      await addByRequest(device1, 'skunk-1', '3 zaadjes');

      // Device 2: a guest fills a cart, then logs in through the popup on the product page.
      const page = await newPage({ viewport: MOBILE });
      await addByRequest(page, 'northern-lights', '1 zaadje', 2);
      await open(page, '/product/northern-lights');
      await page.getByTestId('open-account').click();
      await page.getByTestId('open-login').click();
      const popup = page.getByTestId('login-popup');
      await popup.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
      await axeAtRest(page);
      await screenshot(page, 'login-popup-375');

      await logIn(page, address, 'niet het goede wachtwoord');
      await expect
        .poll(() => popup.getByRole('alert').innerText())
        .toBe('Gebruikersnaam en/of wachtwoord is onjuist. Probeer het opnieuw of reset je wachtwoord.');
      ignoreErrors(/status of 401/);
      expect(new URL(page.url()).pathname).toBe('/product/northern-lights');

      await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
      await expect.poll(() => popup.count()).toBe(0);
      await expect.poll(() => page.getByText('succesvol ingelogd').count()).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe('/product/northern-lights');
      // Both carts in one: 1 pack from device 1 + 2 from this browser.
      await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('3');
      expect((await page.context().cookies()).some((c) => c.name === 'cart'), 'the guest cart cookie is gone').toBe(false);

      // The same cart on device 1.
      await open(device1, '/besteloverzicht');
      await expect.poll(() => device1.getByTestId('cart-line').count()).toBe(2);

      // Logged out, this browser is a guest with an empty cart again; the account keeps its cart.
      await page.getByTestId('open-account').click();
      await page.getByTestId('panel-account').getByRole('button', { name: 'Uitloggen' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await expect.poll(() => page.getByTestId('cart-count').count()).toBe(0);
      await open(device1, '/besteloverzicht');
      await expect.poll(() => device1.getByTestId('cart-line').count()).toBe(2);
    },
    JOURNEY,
  );

  it('privacy: the data download is JSON with the account; deleting asks for the password and a tick, then the account is gone', async () => {
    const address = freshEmail('privacy');
    const page = await newPage();
    await createAccount(page, address);
    await open(page, '/account');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Mijn gegevens downloaden (JSON)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^kiemkracht-gegevens-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await fs.readFile((await file.path())!, 'utf8'));
    expect(exported.account).toMatchObject({ email: address, name: 'Sanne de Vries', dateOfBirth: '1990-04-12' });
    expect(JSON.stringify(exported)).not.toContain('argon2');

    await page.getByRole('link', { name: 'Account verwijderen' }).click();
    await page.waitForURL('**/account/verwijderen');
    await axeAtRest(page);
    await screenshot(page, 'account-delete-1280');
    await page.getByRole('button', { name: 'Account definitief verwijderen' }).click();
    await expect.poll(() => text(page, 'error-password')).toBe('Een geldig wachtwoord is vereist');
    expect(await text(page, 'error-confirm')).toBe('Vink aan dat je je account definitief wilt verwijderen.');
    await page.getByLabel('Je wachtwoord ter bevestiging').fill('niet het goede wachtwoord');
    await page.getByLabel(/Ja, verwijder mijn account/).check();
    await page.getByRole('button', { name: 'Account definitief verwijderen' }).click();
    await expect.poll(() => text(page, 'error-password')).toBe('Dit wachtwoord klopt niet.');
    ignoreErrors(/status of 40[01]/);

    await page.getByLabel('Je wachtwoord ter bevestiging').fill(PASSWORD);
    await page.getByLabel(/Ja, verwijder mijn account/).check();
    await page.getByRole('button', { name: 'Account definitief verwijderen' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.getByText('Je account is verwijderd.', { exact: false }).count()).toBeGreaterThan(0);
    await open(page, '/account');
    expect(new URL(page.url()).pathname).toBe('/inloggen');
    await logIn(page, address, PASSWORD);
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('Gebruikersnaam en/of wachtwoord is onjuist.');
    ignoreErrors(/status of 401/);
  });

  it('a made-up X-Forwarded-For or X-Real-IP does not dodge the log-in limit per client', async () => {
    // The test runner stands where the reverse proxy would: it appends the real client address
    // (203.0.113.x) after whatever the "client" sent. Each attempt uses another account, so only the
    // per-client limit (30 per 15 minutes) can stop it.
    const client = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    const attempt = async (i: number, realClient = client) => {
      const res = await fetch(`${baseURL()}/inloggen`, {
        method: 'POST',
        headers: {
          Origin: baseURL(),
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': `10.${i % 250}.0.1, ${realClient}`,
          'X-Real-IP': `10.${i % 250}.0.2`,
        },
        body: new URLSearchParams({ email: `nobody.${i}.${Date.now()}@example.com`, password: 'niet het goede wachtwoord' }),
      });
      await res.arrayBuffer();
      return res.status;
    };
    for (let i = 0; i < 30; i++) expect(await attempt(i)).toBe(401);
    expect(await attempt(30), 'the 31st attempt from the same client is refused, whatever it claims').toBe(429);
    expect(await attempt(31, '203.0.114.9'), 'another client is not affected').toBe(401);
  });
});
