// The newsletter: sign-up in the footer and on the home page (with and without JavaScript), the
// confirmation link from the mail, the welcome mail's 10% code working in the cart, unsubscribing through
// the page and with a mail program's one-click POST, and the same answer for an address already signed up.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, freshEmail, mailTo } from './accounts.ts';
import { baseURL, DESKTOP, expectAxeClean, hydrated, MOBILE, screenshot, useBrowser } from './browser.ts';
import { open, settled } from './pages.ts';
import { addByRequest } from './shop.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const SUCCESS = 'Bijna klaar! Check je inbox en bevestig je inschrijving via de link in de e-mail.';
const footerForm = (page: Page) => page.getByTestId('newsletter-footer');

/** The path and query of a newsletter link (`?t=…`) in a mail. */
function newsletterLink(mail: string, pathname: string) {
  const url = new RegExp(`https?://[^\\s"<>]+${pathname.replace(/[/]/g, '\\/')}\\?t=[A-Za-z0-9._-]+`).exec(mail)?.[0];
  expect(url, `a ${pathname} link in the mail`).toBeTruthy();
  const u = new URL(url!);
  return u.pathname + u.search;
}

/**
 * Signs up in the footer and waits for the server's answer: a repeated sign-up shows the same text as the one before,
 * so a poll for it proves nothing, and a next click could land just as the form turns busy (a disabled button).
 */
async function signUpInFooter(page: Page, email: string) {
  await footerForm(page).getByLabel('E-mailadres').fill(email);
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/nieuwsbrief'));
  await footerForm(page).getByRole('button', { name: 'Inschrijven' }).click();
  await answered;
}

describe('newsletter', () => {
  it('footer sign-up, confirmation link, welcome code in the cart, unsubscribe page', async () => {
    const email = freshEmail('nieuwsbrief');
    const page = await newPage();
    await open(page, '/faq');
    await signUpInFooter(page, email);
    await expect.poll(() => footerForm(page).getByTestId('newsletter-status').innerText()).toBe(SUCCESS);
    expect(new URL(page.url()).pathname).toBe('/faq');

    const confirmMail = await mailTo(email, '/nieuwsbrief/bevestigen');
    expect(confirmMail).not.toMatch(/WELKOM-/);
    await open(page, newsletterLink(confirmMail, '/nieuwsbrief/bevestigen'));
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Inschrijving bevestigen' }).click();
    await expect.poll(() => page.getByTestId('newsletter-confirmed').innerText()).toContain('Je inschrijving is bevestigd.');

    const welcome = await mailTo(email, 'WELKOM-');
    expect(welcome).toMatch(/List-Unsubscribe:\s+<https?:\/\/[^>]+\/nieuwsbrief\/afmelden\?t=[^>]+>/);
    expect(welcome).toMatch(/List-Unsubscribe-Post:\s+List-Unsubscribe=One-Click/);
    const code = /WELKOM-[A-Z0-9]{8}/.exec(welcome)![0];

    // The code gives 10% in the cart.
    await addByRequest(page, 'northern-lights', '5 zaadjes');
    await open(page, '/besteloverzicht');
    await page.getByLabel('Kortingscode', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Toepassen' }).click();
    await expect.poll(() => page.getByTestId('applied-coupon-code').innerText()).toBe(code);
    expect(await page.getByTestId('cart-discount').count()).toBe(1);

    await open(page, newsletterLink(welcome, '/nieuwsbrief/afmelden'));
    expect(await page.locator('main').innerText()).toContain(`Wil je ${email} afmelden`);
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect.poll(() => page.getByTestId('newsletter-unsubscribed').innerText()).toContain('Je bent afgemeld.');
  });

  it('a mail program unsubscribes with one POST (RFC 8058), no cookies or form token needed', async () => {
    const email = freshEmail('eenklik');
    const page = await newPage();
    await open(page, '/');
    await page.getByTestId('newsletter-home').getByLabel('E-mailadres').fill(email);
    await page.getByTestId('newsletter-home').getByRole('button', { name: 'Inschrijven' }).click();
    await expect.poll(() => page.getByTestId('newsletter-home').getByTestId('newsletter-status').innerText()).toBe(SUCCESS);
    const confirmPath = newsletterLink(await mailTo(email, '/nieuwsbrief/bevestigen'), '/nieuwsbrief/bevestigen');
    const confirmed = await fetch(`${baseURL()}/nieuwsbrief/bevestigen`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ t: new URL(confirmPath, baseURL()).searchParams.get('t')! }),
    });
    expect(confirmed.status).toBe(200);
    const unsubscribe = newsletterLink(await mailTo(email, 'WELKOM-'), '/nieuwsbrief/afmelden');
    // As a mail provider's server sends it: no Origin, no cookies.
    const res = await fetch(`${baseURL()}${unsubscribe}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    await open(page, unsubscribe);
    expect(await page.getByTestId('newsletter-unsubscribed').innerText()).toContain('Je bent afgemeld.');
  });

  it('an address already signed up gets the same answer, and a bad address an error next to the field', async () => {
    const email = freshEmail('nogmaals');
    const page = await newPage();
    await open(page, '/blog');
    await signUpInFooter(page, email);
    await expect.poll(() => footerForm(page).getByTestId('newsletter-status').innerText()).toBe(SUCCESS);
    await signUpInFooter(page, email);
    await expect.poll(() => footerForm(page).getByTestId('newsletter-status').innerText()).toBe(SUCCESS);
    await signUpInFooter(page, 'geen-adres');
    await expect.poll(() => footerForm(page).getByTestId('newsletter-status').innerText()).toBe('Vul een geldig e-mailadres in.');
    expect(await footerForm(page).getByLabel('E-mailadres').getAttribute('aria-invalid')).toBe('true');
    ignoreErrors(/status of 400/);
  });

  it('keeps an address typed before the page became interactive', async () => {
    const email = freshEmail('vroeg');
    const page = await newPage();
    await page.goto('/faq', { waitUntil: 'commit' });
    await footerForm(page).getByLabel('E-mailadres').fill(email);
    await hydrated(page);
    // The form's own switch to the fetcher (its hidden `js` field set) has happened too.
    await footerForm(page).locator('input[name="js"][value="1"]').waitFor({ state: 'attached' });
    expect(await footerForm(page).getByLabel('E-mailadres').inputValue()).toBe(email);
    await footerForm(page).getByRole('button', { name: 'Inschrijven' }).click();
    await expect.poll(() => footerForm(page).getByTestId('newsletter-status').innerText()).toBe(SUCCESS);
  });

  it('works without JavaScript: back to the page with a toast, or the error on /nieuwsbrief', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/faq');
    await signUpInFooter(page, freshEmail('zonderjs'));
    await page.waitForURL((u) => u.pathname === '/faq');
    await expect.poll(() => page.getByText(SUCCESS, { exact: true }).count()).toBeGreaterThan(0);
    await signUpInFooter(page, 'fout');
    await page.waitForURL((u) => u.pathname === '/nieuwsbrief');
    expect(await page.getByTestId('newsletter-page').getByTestId('newsletter-status').innerText()).toBe('Vul een geldig e-mailadres in.');
    expect(await page.getByTestId('newsletter-page').getByLabel('E-mailadres').getAttribute('aria-invalid')).toBe('true');
    ignoreErrors(/status of 400/);
  });

  it('the account page toggles the subscription of a verified account at once, with the welcome code', async () => {
    const email = freshEmail('account-nb');
    const page = await newPage();
    await createAccount(page, email);
    await open(page, '/account/details#nieuwsbrief');
    const section = page.locator('section#nieuwsbrief');
    expect(await section.getByTestId('newsletter-state').innerText()).toBe('Je ontvangt de nieuwsbrief niet.');
    await section.getByRole('button', { name: 'Inschrijven voor de nieuwsbrief' }).click();
    await expect.poll(() => section.getByTestId('newsletter-state').innerText()).toBe('Je ontvangt de nieuwsbrief op dit adres.');
    expect(await mailTo(email, 'WELKOM-')).toMatch(/List-Unsubscribe:/);
    await section.getByRole('button', { name: 'Afmelden voor de nieuwsbrief' }).click();
    await expect.poll(() => section.getByTestId('newsletter-state').innerText()).toBe('Je ontvangt de nieuwsbrief niet.');
    await expectAxeClean(page);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`/nieuwsbrief and the home page form at ${viewport.width}px: axe clean, screenshots`, async () => {
      const page = await newPage({ viewport });
      await open(page, '/nieuwsbrief');
      await expectAxeClean(page);
      await screenshot(page, `newsletter-page-${viewport.width}`);
      await open(page, '/');
      await page.getByTestId('newsletter-home').scrollIntoViewIfNeeded();
      await settled(page);
      await screenshot(page.getByTestId('newsletter-home'), `newsletter-home-${viewport.width}`);
      await screenshot(footerForm(page), `newsletter-footer-${viewport.width}`);
    });
  }
});
