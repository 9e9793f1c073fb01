// /account/details: personal details, e-mail change through the mailed link, password change, grower
// profile with its summary and recommendations on the overview; every form's messages next to its
// fields, one form without JavaScript, axe on every page type, screenshots at 375/1280.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, createAccount, freshEmail, linkIn, logIn, mailTo } from './accounts.ts';
import { DESKTOP, MOBILE, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { open, routerIdle } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 90_000;
const NEW_PASSWORD = 'herfstbladeren vallen zacht';

const section = (page: Page, id: string) => page.locator(`section#${id}`);
const errorIn = async (scope: Locator, field: string) => (await scope.getByTestId(`error-${field}`).innerText()).trim();
const toastSaying = (page: Page, text: string) => expect.poll(() => page.getByText(text, { exact: true }).count()).toBeGreaterThan(0);

async function axeAtRest(page: Page) {
  await routerIdle(page);
  await page.locator('[role="progressbar"]').waitFor({ state: 'detached' });
  await expectAxeClean(page);
}

/** A second browser, logged in to the same account: its session must end (or not) with a change. */
async function secondSession(address: string, password = PASSWORD) {
  const other = await newPage();
  await open(other, '/inloggen');
  await logIn(other, address, password);
  await other.waitForURL('**/account');
  return other;
}

async function isLoggedOut(page: Page) {
  await page.goto('/account');
  return new URL(page.url()).pathname === '/inloggen';
}

describe('account details', () => {
  it('personal details: the sign-up messages next to the fields, then saved and shown on the overview', async () => {
    const page = await newPage({ viewport: MOBILE });
    const address = freshEmail('details');
    await createAccount(page, address);
    await open(page, '/account/details');
    await axeAtRest(page);
    await screenshot(page, 'account-details-375');

    const personal = section(page, 'persoonlijk');
    await personal.getByLabel('Naam').fill('');
    await personal.getByLabel('Geboortedatum').fill('2015-03-01');
    await personal.getByRole('button', { name: 'Gegevens opslaan' }).click();
    await expect.poll(() => errorIn(personal, 'name')).toBe('Naam is verplicht.');
    expect(await errorIn(personal, 'dateOfBirth')).toBe('Je moet 18 jaar of ouder zijn om een account aan te maken.');
    expect(await personal.getByLabel('Naam').getAttribute('aria-invalid')).toBe('true');

    await personal.getByLabel('Naam').fill('Sanne Jansen');
    await personal.getByLabel('Geboortedatum').fill('1988-01-31');
    await personal.getByRole('button', { name: 'Gegevens opslaan' }).click();
    await toastSaying(page, 'Je gegevens zijn opgeslagen.');
    expect(await personal.getByTestId('error-name').innerText()).toBe('');
    await page.reload();
    expect(await section(page, 'persoonlijk').getByLabel('Geboortedatum').inputValue()).toBe('1988-01-31');
    await open(page, '/account');
    expect((await page.getByTestId('greeting').innerText()).trim()).toBe('Hallo Sanne Jansen');
    ignoreErrors(/status of 400/);
  });

  it(
    'e-mail change: wrong password refused next to the field; the mailed link changes the address, ends other sessions and works once',
    async () => {
      const page = await newPage({ viewport: DESKTOP });
      const address = freshEmail('oud');
      const next = freshEmail('nieuw');
      await createAccount(page, address);
      const other = await secondSession(address);
      await open(page, '/account/details');
      const form = section(page, 'e-mailadres');

      await form.getByLabel('Nieuw e-mailadres').fill('nieuw@');
      await form.getByRole('button', { name: 'Stuur bevestigingslink' }).click();
      await expect.poll(() => errorIn(form, 'email')).toBe('Vul een geldig e-mailadres in.');
      expect(await errorIn(form, 'currentPassword')).toBe('Een geldig wachtwoord is vereist');

      await form.getByLabel('Nieuw e-mailadres').fill(next);
      await form.getByLabel('Huidig wachtwoord').fill('niet mijn wachtwoord');
      await form.getByRole('button', { name: 'Stuur bevestigingslink' }).click();
      await expect.poll(() => errorIn(form, 'currentPassword')).toBe('Dit wachtwoord klopt niet.');
      expect(await errorIn(form, 'email')).toBe('');
      await form.getByLabel('Huidig wachtwoord').fill(PASSWORD);
      await form.getByRole('button', { name: 'Stuur bevestigingslink' }).click();
      await toastSaying(page, 'Bevestigingslink verstuurd');
      // Unchanged until the link is used, and the page says so.
      await expect.poll(() => form.getByTestId('pending-email').innerText()).toContain(next);
      expect((await form.getByTestId('current-email').innerText()).trim()).toBe(address);
      expect(await form.getByLabel('Nieuw e-mailadres').inputValue()).toBe('');
      await screenshot(page, 'account-details-email-pending-1280');

      // A notice to the old address, the link to the new one.
      expect(await mailTo(address, `wijzigen in ${next}`)).toContain('Nieuw wachtwoord instellen');
      const confirm = linkIn(await mailTo(next, '/account/e-mail-bevestigen'), '/account/e-mail-bevestigen');

      const mobile = await newPage({ viewport: MOBILE });
      await open(mobile, confirm);
      expect(await mobile.getByRole('heading', { level: 1 }).innerText()).toBe('Nieuw e-mailadres bevestigen');
      expect((await mobile.getByTestId('confirm-new-email').innerText()).trim()).toBe(next);
      await axeAtRest(mobile);
      await screenshot(mobile, 'confirm-email-change-375');

      await open(page, confirm);
      await page.getByRole('button', { name: 'Bevestig mijn nieuwe e-mailadres' }).click();
      await page.waitForURL((u) => u.pathname === '/account/details');
      await toastSaying(page, 'Je e-mailadres is gewijzigd.');
      await routerIdle(page);
      expect((await section(page, 'e-mailadres').getByTestId('current-email').innerText()).trim()).toBe(next);
      expect(await section(page, 'e-mailadres').getByTestId('pending-email').count()).toBe(0);
      await open(page, '/account');
      expect((await page.getByTestId('account-email').innerText()).trim()).toBe(next);

      // The other browser was logged out; the link is spent.
      expect(await isLoggedOut(other)).toBe(true);
      await open(mobile, confirm);
      expect(await mobile.getByTestId('form-error').innerText()).toContain('ongeldig of verlopen');

      // The new address logs in, the old one no longer does.
      const fresh = await newPage();
      await open(fresh, '/inloggen');
      await logIn(fresh, address, PASSWORD);
      await expect.poll(() => fresh.getByTestId('form-error').count()).toBe(1);
      await logIn(fresh, next, PASSWORD);
      await fresh.waitForURL('**/account');
      ignoreErrors(/status of 40[01]/);
    },
    JOURNEY,
  );

  it(
    'password change: messages next to the fields; this browser stays logged in, the other is logged out, the new password logs in',
    async () => {
      const page = await newPage({ viewport: DESKTOP });
      const address = freshEmail('wachtwoord');
      await createAccount(page, address);
      const other = await secondSession(address);
      await open(page, '/account/details');
      const form = section(page, 'wachtwoord');
      const submit = () => form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();

      await submit();
      await expect.poll(() => errorIn(form, 'currentPassword')).toBe('Een geldig wachtwoord is vereist');
      expect(await errorIn(form, 'password')).toBe('Een geldig wachtwoord is vereist');

      await form.getByLabel('Huidig wachtwoord').fill(PASSWORD);
      await form.getByLabel('Nieuw wachtwoord', { exact: true }).fill('password');
      await form.getByLabel('Herhaal nieuw wachtwoord').fill('iets anders');
      await submit();
      await expect.poll(() => errorIn(form, 'password')).toBe('Dit wachtwoord wordt veel gebruikt en is makkelijk te raden. Kies een ander wachtwoord.');
      expect(await errorIn(form, 'passwordConfirm')).toBe('Wachtwoorden komen niet overeen');

      await form.getByLabel('Huidig wachtwoord').fill('niet mijn wachtwoord');
      await form.getByLabel('Nieuw wachtwoord', { exact: true }).fill(NEW_PASSWORD);
      await form.getByLabel('Herhaal nieuw wachtwoord').fill(NEW_PASSWORD);
      await submit();
      await expect.poll(() => errorIn(form, 'currentPassword')).toBe('Dit wachtwoord klopt niet.');
      expect(await errorIn(form, 'password')).toBe('');

      await form.getByLabel('Huidig wachtwoord').fill(PASSWORD);
      await form.getByLabel('Nieuw wachtwoord', { exact: true }).fill(NEW_PASSWORD);
      await form.getByLabel('Herhaal nieuw wachtwoord').fill(NEW_PASSWORD);
      await submit();
      await toastSaying(page, 'Je wachtwoord is gewijzigd.');
      await routerIdle(page);
      expect(await form.getByLabel('Huidig wachtwoord').inputValue()).toBe('');

      // This browser goes on with a fresh session; the other one is logged out.
      await open(page, '/account');
      expect(await page.getByTestId('sessions').getByRole('listitem').count()).toBe(1);
      expect(await isLoggedOut(other)).toBe(true);
      expect(await mailTo(address, 'Je bent op je andere apparaten uitgelogd.')).toContain('Nieuw wachtwoord instellen');

      // In that second browser: the old password is refused, the new one logs in.
      await open(other, '/inloggen');
      await logIn(other, address, PASSWORD);
      await expect.poll(() => other.getByTestId('form-error').count()).toBe(1);
      await logIn(other, address, NEW_PASSWORD);
      await other.waitForURL('**/account');
      ignoreErrors(/status of 40[01]/);
    },
    JOURNEY,
  );

  it(
    'grower profile: at most five favourites, saved, summarised on the overview with four recommendations; cleared again',
    async () => {
      const page = await newPage({ viewport: DESKTOP });
      await createAccount(page, freshEmail('kweker'));
      await open(page, '/account');
      const card = page.getByTestId('grower-profile-card');
      expect(await card.getByRole('link', { name: 'Kweekprofiel invullen' }).getAttribute('href')).toBe('/account/details#kweekprofiel');
      expect(await page.getByTestId('recommendations').count()).toBe(0);

      await card.getByRole('link', { name: 'Kweekprofiel invullen' }).click();
      await page.waitForURL('**/account/details#kweekprofiel');
      await routerIdle(page);
      const form = section(page, 'kweekprofiel');
      await form.getByLabel('Ik kweek sinds').selectOption('2019');
      await form.getByLabel('Kweekmethode').selectOption({ label: 'Binnen' });
      await form.getByLabel('Voorkeur bloei').selectOption({ label: 'Fotoperiode' });
      await form.getByLabel('Favoriet type').selectOption({ label: 'Indica' });

      // The filter box narrows the list; six favourites are refused with the message next to the list.
      const favourites = form.getByRole('group', { name: 'Favoriete soorten' });
      await favourites.getByLabel('Zoek een soort').fill('northern');
      await favourites.getByRole('checkbox', { name: 'Northern Lights Indica' }).check();
      expect(await favourites.locator('li:not([hidden])').count()).toBeLessThan(5);
      await favourites.getByLabel('Zoek een soort').fill('');
      const unchecked = favourites.locator('input[type=checkbox]:not(:checked)');
      for (let i = 0; i < 5; i++) await unchecked.first().check();
      expect((await favourites.getByTestId('favourites-count').innerText()).trim()).toBe('6 van 5 gekozen');
      await form.getByRole('button', { name: 'Kweekprofiel opslaan' }).click();
      await expect.poll(() => errorIn(form, 'favourites')).toBe('Kies maximaal 5 favoriete soorten.');
      await axeAtRest(page);

      await favourites.locator('input[type=checkbox]:checked').first().uncheck();
      await form.getByRole('button', { name: 'Kweekprofiel opslaan' }).click();
      await toastSaying(page, 'Je kweekprofiel is opgeslagen.');
      await routerIdle(page);
      expect(await section(page, 'kweekprofiel').getByLabel('Ik kweek sinds').inputValue()).toBe('2019');
      const chosen = await section(page, 'kweekprofiel').locator('input[name=favourites]:checked').count();
      expect(chosen).toBe(5);
      await screenshot(page, 'account-details-1280');

      await open(page, '/account');
      const summary = await card.innerText();
      for (const text of ['2019', 'Binnen', 'Fotoperiode', 'Indica', 'Northern Lights']) expect(summary).toContain(text);
      expect(await page.getByTestId('profile-favourites').getByRole('listitem').count()).toBe(5);
      const recommended = page.getByTestId('recommendations').getByRole('listitem');
      expect(await recommended.count()).toBe(4);
      const favouriteNames = await page.getByTestId('profile-favourites').getByRole('link').allInnerTexts();
      for (const item of await recommended.all()) {
        const name = (await item.getByTestId('product-card-small').locator('span.font-medium').innerText()).trim();
        expect(favouriteNames).not.toContain(name);
        expect((await item.getByTestId('recommendation-reason').innerText()).trim().length).toBeGreaterThan(5);
      }
      await axeAtRest(page);
      await screenshot(page, 'account-overview-profile-1280');
      const mobile = await newPage({ viewport: MOBILE, storageState: await page.context().storageState() });
      await open(mobile, '/account');
      await screenshot(mobile, 'account-overview-profile-375');

      await open(page, '/account/details#kweekprofiel');
      await section(page, 'kweekprofiel').getByRole('button', { name: 'Profiel wissen' }).click();
      await toastSaying(page, 'Je kweekprofiel is gewist.');
      await open(page, '/account');
      expect(await card.getByRole('link', { name: 'Kweekprofiel invullen' }).count()).toBe(1);
      expect(await page.getByTestId('recommendations').count()).toBe(0);
      ignoreErrors(/status of 400/);
    },
    JOURNEY,
  );

  it('without JavaScript: the grower profile form posts, shows its error next to the field, saves and says so', async () => {
    const page = await newPage({ javaScriptEnabled: false, viewport: MOBILE });
    await createAccount(page, freshEmail('zonderjs'));
    await page.goto('/account/details');
    const form = section(page, 'kweekprofiel');
    // No filter box without JavaScript: the plain list of checkboxes does the job.
    expect(await form.getByLabel('Zoek een soort').count()).toBe(0);
    await form.getByLabel('Kweekmethode').selectOption({ label: 'Hydrocultuur' });
    await form.getByLabel('Voorkeur bloei').selectOption({ label: 'Autoflower' });
    const boxes = form.locator('input[name=favourites]');
    for (let i = 0; i < 6; i++) await boxes.nth(i).check();
    await form.getByRole('button', { name: 'Kweekprofiel opslaan' }).click();
    await page.waitForLoadState();
    expect(await errorIn(section(page, 'kweekprofiel'), 'favourites')).toBe('Kies maximaal 5 favoriete soorten.');
    // What was chosen is still there to correct.
    expect(await section(page, 'kweekprofiel').getByLabel('Kweekmethode').inputValue()).toBe('hydroponics');
    expect(await section(page, 'kweekprofiel').locator('input[name=favourites]:checked').count()).toBe(6);

    await section(page, 'kweekprofiel').locator('input[name=favourites]:checked').first().uncheck();
    await section(page, 'kweekprofiel').getByRole('button', { name: 'Kweekprofiel opslaan' }).click();
    await page.waitForURL('**/account/details#kweekprofiel');
    expect((await page.getByTestId('flash-banner').innerText()).trim()).toBe('Je kweekprofiel is opgeslagen.');
    await expect.poll(() => section(page, 'kweekprofiel').locator('input[name=favourites]:checked').count()).toBe(5);
    await page.goto('/account');
    expect(await page.getByTestId('recommendations').getByRole('listitem').count()).toBe(4);
    for (const reason of await page.getByTestId('recommendation-reason').allInnerTexts())
      expect(reason).toMatch(/Autoflower|favoriet|kweek|Populair|Handzaam|Effect|Smaak/);
    // The refused post answered 400: expected, not a page error.
    ignoreErrors(/status of 400/);
  });

  it('the confirmation page: a link that is malformed or unknown says so, also logged out', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/account/e-mail-bevestigen?token=kapot');
    expect(await page.getByTestId('form-error').innerText()).toContain('ongeldig of verlopen');
    await open(page, `/account/e-mail-bevestigen?token=${'A'.repeat(43)}`);
    expect(await page.getByRole('button', { name: 'Bevestig mijn nieuwe e-mailadres' }).count()).toBe(0);
    await axeAtRest(page);
  });
});
