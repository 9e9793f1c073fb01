// The wishlist: the heart on product cards and the product page, the guest prompt (SPEC §2, §6) with its
// focus handling, the log-in detour without JavaScript, adding and removing as a user (with and without
// JavaScript), /account/wishlist filled and empty, the page cache staying anonymous, tampered input, axe,
// screenshots at 375 and 1280. Every test signs up its own account (log-in limits are per account).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, createAccount, freshEmail, logIn } from './accounts.ts';
import { DESKTOP, MOBILE, PERSON_UA, baseURL, expectAxeClean, screenshot, useBrowser, hydrated } from './browser.ts';
import { open, productCards, reactReady, routerIdle, settled } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const SPEC_TEXT = 'De verlanglijst is beschikbaar voor ingelogde gebruikers. Log in of maak een gratis account aan om door te gaan';
const NL = '/product/northern-lights';
const AMNESIA = '/product/amnesia-haze';
const WISHLIST = '/account/wishlist';
const JOURNEY = 90_000;

const heartIn = (scope: Locator) => scope.getByRole('button', { name: 'Bewaar op verlanglijst' }).first();
/** The product page's heart, beside "In winkelwagen". */
const productHeart = (page: Page) => heartIn(page.getByTestId('add-to-cart'));
const prompt = (page: Page) => page.getByRole('dialog', { name: 'Bewaar je favoriete soorten' });
const pressed = (heart: Locator) => heart.getAttribute('aria-pressed');
const items = (page: Page) => page.getByTestId('wishlist-item');
const itemNames = (page: Page) => items(page).locator('h3').allInnerTexts();

type FetcherWindow = { __reactRouterDataRouter?: { state: { fetchers: Map<string, { state: string }> } } };

/** At rest: no fetcher (a heart or remove on its way), navigation, revalidation, animation or loading bar. */
async function atRest(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as unknown as FetcherWindow).__reactRouterDataRouter;
    return !!router && [...router.state.fetchers.values()].every((f) => f.state === 'idle');
  });
  await routerIdle(page);
  await page.locator('[role="progressbar"]').waitFor({ state: 'detached' });
  await settled(page);
}

/** The visible part of the page only: a full-page shot would show a modal sheet far from where it opens. */
async function viewShot(page: Page, name: string) {
  await screenshot(page, name, { fullPage: false });
}

/** Takes the product page's (pressed) heart back, then finds the list empty. */
async function unsaveAndSeeEmptyList(page: Page) {
  await productHeart(page).click();
  await expect.poll(() => pressed(productHeart(page))).toBe('false');
  await atRest(page);
  await open(page, WISHLIST);
  await atRest(page);
  expect(await items(page).count()).toBe(0);
}

/** Posts the wishlist form the way a page without JavaScript would (same origin), without following the redirect. */
function post(page: Page, form: Record<string, string>) {
  return page.request.post(WISHLIST, { form, maxRedirects: 0, headers: { Origin: baseURL() } });
}

describe('the wishlist prompt for guests', () => {
  it(
    'a guest who taps a card’s heart gets the prompt with the SPEC text and both links; Escape closes it and focus returns',
    async () => {
      const page = await newPage({ viewport: MOBILE });
      await open(page, '/product');
      const card = productCards(page).first();
      // A card renders when used (ADR 048): a pointer on it.
      await card.hover();
      await reactReady(heartIn(card));
      // By test id from here: while the modal is open, Radix hides the rest of the page from the accessibility tree.
      const heart = card.getByTestId('wishlist-button');
      expect(await pressed(heart)).toBe('false');
      await screenshot(page, 'wishlist-hearts-listing-375');

      await heart.click();
      const dialog = prompt(page);
      await dialog.waitFor();
      await settled(page);
      expect(await dialog.getByTestId('wishlist-prompt-text').innerText()).toBe(SPEC_TEXT);
      expect(await dialog.getByRole('link', { name: 'Inloggen' }).getAttribute('href')).toBe('/inloggen?redirectTo=%2Fproduct');
      expect(await dialog.getByRole('link', { name: 'Gratis account aanmaken' }).getAttribute('href')).toBe('/registreren');
      // Focus moved into the dialog, and the heart did not change: nothing was saved.
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      expect(await pressed(heart)).toBe('false');
      await expectAxeClean(page);
      await viewShot(page, 'wishlist-prompt-375');

      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => heart.evaluate((el) => el === document.activeElement)).toBe(true);

      // The close button works too, and "Inloggen" leads to the login page that brings the guest back here.
      await heart.click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Sluiten' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => heart.evaluate((el) => el === document.activeElement)).toBe(true);
      await heart.click();
      await dialog.getByRole('link', { name: 'Inloggen' }).click();
      await page.waitForURL((u) => u.pathname === '/inloggen' && u.searchParams.get('redirectTo') === '/product');
    },
    JOURNEY,
  );

  it(
    'the prompt on the product page at 1280, from the heart beside "In winkelwagen"',
    async () => {
      const page = await newPage({ viewport: DESKTOP });
      await open(page, NL);
      await reactReady(productHeart(page));
      const heart = page.getByTestId('add-to-cart').getByTestId('wishlist-button');
      await heart.click();
      await prompt(page).waitFor();
      await settled(page);
      expect(await prompt(page).getByRole('link', { name: 'Inloggen' }).getAttribute('href')).toBe(`/inloggen?redirectTo=${encodeURIComponent(NL)}`);
      await expectAxeClean(page);
      await viewShot(page, 'wishlist-prompt-1280');
      await page.keyboard.press('Escape');
      await expect.poll(() => heart.evaluate((el) => el === document.activeElement)).toBe(true);
    },
    JOURNEY,
  );

  it('without JavaScript a guest’s heart leads to the login page with the SPEC text, and logging in leads back', async () => {
    const email = freshEmail('wl-nojs-guest');
    await createAccount(await newPage(), email);

    const page = await newPage({ javaScriptEnabled: false, viewport: MOBILE });
    await page.goto(NL);
    await Promise.all([page.waitForURL((u) => u.pathname === '/inloggen'), productHeart(page).click()]);
    const url = new URL(page.url());
    expect(url.searchParams.get('redirectTo')).toBe(NL);
    expect(url.searchParams.get('reden')).toBe('verlanglijst');
    expect(await page.getByTestId('wishlist-notice-text').innerText()).toBe(SPEC_TEXT);
    expect(await page.getByTestId('wishlist-notice').getByRole('link', { name: 'Gratis account aanmaken' }).getAttribute('href')).toBe(
      `/registreren?redirectTo=${encodeURIComponent(NL)}`,
    );
    await screenshot(page, 'wishlist-login-notice-375');

    await Promise.all([page.waitForURL((u) => u.pathname === NL), logIn(page, email, PASSWORD)]);
    await page.waitForLoadState('load');
    expect(await page.getByTestId('flash-banner').innerText()).toBe('succesvol ingelogd');
    expect(await pressed(productHeart(page))).toBe('false');
  });

  it('a guest opening /account/wishlist goes to the login page with the wishlist text', async () => {
    const page = await newPage();
    await open(page, WISHLIST);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/inloggen');
    expect(url.searchParams.get('redirectTo')).toBe(WISHLIST);
    expect(url.searchParams.get('reden')).toBe('verlanglijst');
    expect(await page.getByTestId('wishlist-notice-text').innerText()).toBe(SPEC_TEXT);
    await expectAxeClean(page);
  });
});

describe('the wishlist of a logged-in user', () => {
  it(
    'saves from a card and from the product page (pressed at once, and after a reload), lists both, removes one on the page and one on the product page',
    async () => {
      const page = await newPage({ viewport: DESKTOP });
      await createAccount(page, freshEmail('wl-user'));

      // The empty list first.
      await open(page, WISHLIST);
      await atRest(page);
      expect(await page.getByTestId('wishlist-empty').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Bekijk alle soorten' }).getAttribute('href')).toBe('/product');
      await expectAxeClean(page);
      await screenshot(page, 'wishlist-empty-1280');

      // From a card on the listing: pressed before the server has answered (optimistic).
      await open(page, '/product');
      const card = productCards(page).first();
      const cardName = (await card.locator('h3').innerText()).trim();
      const cardHeart = heartIn(card);
      await card.hover();
      await reactReady(cardHeart);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/account/wishlist.data*', async (route) => {
        await held;
        await route.continue();
      });
      await cardHeart.click();
      await expect.poll(() => pressed(cardHeart)).toBe('true');
      release();
      await atRest(page);
      await page.unroute('**/account/wishlist.data*');
      expect(await pressed(cardHeart)).toBe('true');
      expect(await cardHeart.getAttribute('title')).toBe('Verwijder van verlanglijst');
      // After a reload the card is the server's HTML until used: the heart is pressed there.
      await page.reload();
      await hydrated(page);
      expect(await pressed(heartIn(productCards(page).first()))).toBe('true');

      // From the product page, beside "In winkelwagen".
      await open(page, AMNESIA);
      const heart = productHeart(page);
      await reactReady(heart);
      expect(await pressed(heart)).toBe('false');
      await heart.click();
      await expect.poll(() => pressed(heart)).toBe('true');
      await atRest(page);
      await screenshot(page, 'wishlist-product-page-1280');
      await page.reload();
      // The pointer that makes the form live must come after hydration: right after a reload nothing listens yet.
      await hydrated(page);
      await reactReady(productHeart(page));
      expect(await pressed(productHeart(page))).toBe('true');
      // The add-to-cart form is untouched by the heart inside its row: it still adds.
      await page.getByTestId('add-to-cart-button').click();
      await page.getByTestId('added-dialog').waitFor();
      await page.keyboard.press('Escape');

      // Both on /account/wishlist, newest first.
      await open(page, WISHLIST);
      await atRest(page);
      expect(await itemNames(page)).toEqual(['Amnesia Haze', cardName]);
      expect(await page.getByTestId('wishlist-count').innerText()).toBe('Je hebt 2 soorten bewaard.');
      await expectAxeClean(page);
      await screenshot(page, 'wishlist-filled-1280');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'wishlist-filled-375');
      await page.setViewportSize(DESKTOP);

      // Remove the card's strain here: gone at once, focus on the list, still gone after a reload.
      const remove = page.getByRole('button', { name: `${cardName} verwijderen van je verlanglijst` });
      await reactReady(remove);
      await remove.click();
      await expect.poll(() => itemNames(page)).toEqual(['Amnesia Haze']);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('wishlist');
      await atRest(page);
      await expect.poll(() => page.getByTestId('wishlist-count').innerText()).toBe('Je hebt 1 soort bewaard.');
      await page.reload();
      expect(await itemNames(page)).toEqual(['Amnesia Haze']);

      // Remove Amnesia Haze with its heart on the product page.
      await open(page, AMNESIA);
      await reactReady(productHeart(page));
      expect(await pressed(productHeart(page))).toBe('true');
      await unsaveAndSeeEmptyList(page);
      expect(await page.getByTestId('wishlist-empty').isVisible()).toBe(true);
      await page.setViewportSize(MOBILE);
      await expectAxeClean(page);
      await screenshot(page, 'wishlist-empty-375');
    },
    JOURNEY,
  );

  it('without JavaScript: the heart saves and comes back with a message (a page of the user’s own), the list removes', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await createAccount(page, freshEmail('wl-nojs-user'));
    await page.goto(NL);
    await Promise.all([page.waitForURL((u) => u.pathname === NL), productHeart(page).click()]);
    await page.waitForLoadState('load');
    expect(await page.getByTestId('flash-banner').innerText()).toBe('Bewaard op je verlanglijst');
    expect(await pressed(productHeart(page))).toBe('true');
    // The page comes from the page cache with this user's hearts pressed in their copy only (ADR 047), also
    // without JavaScript: the heart says "remove" and its form removes.
    const session = (await page.context().cookies()).find((c) => c.name === 'session')!;
    const own = await fetch(baseURL() + NL, { headers: { 'user-agent': PERSON_UA, cookie: `age_verified=1; session=${session.value}` } });
    expect(own.headers.get('x-page-cache')).toMatch(/^(hit|miss)$/);
    expect(own.headers.get('cache-control')).toBe('private');
    const ownHtml = await own.text();
    expect(ownHtml.match(/data-heart="\d+" aria-pressed="true" title="Verwijder van verlanglijst"/g)?.length).toBeGreaterThan(0);
    expect(ownHtml).toMatch(/data-heart-intent="\d+" type="hidden" name="intent" value="remove"/);
    const anonymous = await fetch(baseURL() + NL, { headers: { 'user-agent': PERSON_UA, cookie: 'age_verified=1' } });
    expect(anonymous.headers.get('x-page-cache')).toBe('hit');
    expect(await anonymous.text()).not.toContain('aria-pressed="true"');
    await page.reload();
    expect(await pressed(productHeart(page))).toBe('true');
    expect(await productHeart(page).getAttribute('title')).toBe('Verwijder van verlanglijst');

    await page.goto(WISHLIST);
    expect(await itemNames(page)).toEqual(['Northern Lights']);
    await Promise.all([
      page.waitForURL((u) => u.pathname === WISHLIST),
      page.getByRole('button', { name: 'Northern Lights verwijderen van je verlanglijst' }).click(),
    ]);
    await page.waitForLoadState('load');
    expect(await page.getByTestId('flash-banner').innerText()).toBe('Verwijderd van je verlanglijst');
    expect(await page.getByTestId('wishlist-empty').isVisible()).toBe(true);
  });

  it('with JavaScript, a cached catalogue page for a logged-in customer: their heart pressed, their name in the account panel (ADR 047)', async () => {
    const page = await newPage({ viewport: MOBILE });
    await createAccount(page, freshEmail('wl-cached'), 'Noor Bakker');
    await open(page, AMNESIA);
    const id = await productHeart(page).getAttribute('data-heart');
    expect((await post(page, { intent: 'add', productId: id!, redirectTo: AMNESIA })).status()).toBe(302);
    await page.context().clearCookies({ name: 'flash' });
    // Loaded twice: the second answer is certainly the cache's, with her heart and name put in.
    await open(page, AMNESIA);
    const response = await open(page, AMNESIA);
    expect(response!.headers()['x-page-cache']).toBe('hit');
    expect(response!.headers()['cache-control']).toBe('private');
    await reactReady(productHeart(page));
    await expect.poll(() => pressed(productHeart(page))).toBe('true');
    expect(await productHeart(page).getAttribute('title')).toBe('Verwijder van verlanglijst');
    await page.getByTestId('open-account').click();
    expect(await page.getByTestId('panel-user').innerText()).toBe('Ingelogd als Noor Bakker');
    await expectAxeClean(page);
    await viewShot(page, 'cached-page-account-panel-375');
    await page.keyboard.press('Escape');
    // Her heart still works from the cached page: one click removes.
    await unsaveAndSeeEmptyList(page);
    // The blog and content pages come from the cache too; her own pages never do.
    for (const path of ['/blog', '/ons-verhaal', '/blog', '/ons-verhaal']) expect((await open(page, path))!.headers()['x-page-cache'], path).toMatch(/^(hit|miss)$/);
    expect((await open(page, '/account'))!.headers()['x-page-cache']).toBeUndefined();
  });

  it('tampered or unknown input gets a clear message, never an error page; redirects stay on this site', async () => {
    const page = await newPage();
    await createAccount(page, freshEmail('wl-tamper'));
    const unknown = 'Deze soort bestaat niet (meer) en kan niet worden bewaard.';
    for (const productId of ['abc', '0', '-1', '1e3', '99999999999', '2000000000']) {
      const res = await post(page, { intent: 'add', productId, redirectTo: NL });
      expect(res.status(), productId).toBe(302);
      expect(res.headers().location).toBe(NL);
      expect(decodeURIComponent(res.headers()['set-cookie'] ?? '')).toContain(unknown);
    }
    const enhanced = await post(page, { intent: 'add', productId: 'abc', js: '1' });
    expect(enhanced.status()).toBe(400);
    const unknownEnhanced = await post(page, { intent: 'add', productId: '2000000000', js: '1' });
    expect(unknownEnhanced.status()).toBe(200);
    // An intent the forms never send is a 400 with a Dutch message (the one intent convention), not a redirect.
    const wrongIntent = await post(page, { intent: 'leeg', productId: '1', redirectTo: 'https://elders.example/' });
    expect(wrongIntent.status()).toBe(400);
    expect(await wrongIntent.text()).toContain('Dit formulier is verouderd of ongeldig.');
    await open(page, WISHLIST);
    expect(await items(page).count()).toBe(0);
  });

  it('anonymous product pages stay cacheable, with the same empty hearts for every guest', async () => {
    const get = () => fetch(baseURL() + AMNESIA, { headers: { 'user-agent': PERSON_UA, cookie: 'age_verified=1' } });
    await (await get()).text();
    const anonymous = await get();
    expect(anonymous.headers.get('x-page-cache')).toBe('hit');
    const html = await anonymous.text();
    expect(html).toContain('aria-pressed="false"');
    expect(html).not.toContain('aria-pressed="true"');
  });
});
