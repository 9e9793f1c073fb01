// The cart: add from a product page (modal, badge), the cart panel (quantity, remove, coupon), the
// seed limit, /besteloverzicht and /kortingscodes, and the whole add flow without JavaScript.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, PERSON_UA, baseURL, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { open, parseMoney, reactReady, routerIdle, settled } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

// Seeded stock of these packs is well above what the tests add (see app/db/seed/catalogue.ts).
const NL = '/product/northern-lights';
const AMNESIA = '/product/amnesia-haze';

const packLabel = (page: Page, seeds: string) => page.locator('label').filter({ has: page.locator('input[name="pack"]') }).filter({ hasText: new RegExp(`^${seeds}\\b`) });
const addButton = (page: Page) => page.getByTestId('add-to-cart-button');
const badge = (page: Page) => page.getByTestId('cart-count');
const dialog = (page: Page) => page.getByTestId('added-dialog');
const panel = (page: Page) => page.getByTestId('panel-cart');
const lines = (page: Page) => page.getByTestId('cart-line');

/** Chooses a pack and quantity on a product page and presses "In winkelwagen" (JavaScript on). */
async function addFromProduct(page: Page, path: string, seeds: string, quantity = 1) {
  if (new URL(page.url()).pathname !== path) await open(page, path);
  await reactReady(addButton(page));
  await packLabel(page, seeds).click();
  await page.getByLabel('Aantal', { exact: true }).fill(String(quantity));
  await addButton(page).click();
}

/** Adds and waits for the modal, then closes it with "Verder winkelen". */
async function addAndClose(page: Page, path: string, seeds: string, quantity = 1) {
  await addFromProduct(page, path, seeds, quantity);
  await dialog(page).waitFor();
  await settled(page);
  await dialog(page).getByRole('button', { name: 'Verder winkelen' }).click();
  await expect.poll(() => dialog(page).count()).toBe(0);
}

async function openCartPanel(page: Page) {
  await page.getByTestId('open-cart').click();
  await panel(page).waitFor();
  await settled(page);
  await reactReady(panel(page).getByTestId('cart-checkout'));
}

/** Text with the non-breaking spaces of Dutch money formatting as plain spaces. */
const text = async (locator: { innerText: () => Promise<string> }) => (await locator.innerText()).replace(/\u00a0/g, ' ');
const money = async (page: Page, testId: string) => parseMoney(await page.getByTestId(testId).first().innerText());

describe('add to cart from a product page', () => {
  it('opens the add-to-cart modal with the pack, subtotal and free-shipping progress; the badge counts the packs', async () => {
    const page = await newPage();
    await open(page, NL);
    expect(await badge(page).count()).toBe(0);
    await addFromProduct(page, NL, '3 zaadjes', 2);

    const modal = dialog(page);
    await modal.waitFor();
    expect(await page.getByRole('dialog', { name: 'Toegevoegd aan je winkelwagen' }).count()).toBe(1);
    expect(await modal.getByTestId('added-name').innerText()).toBe('Northern Lights');
    expect(await modal.getByTestId('added-pack').innerText()).toBe('3 zaden · 2 in je winkelwagen');
    expect(await text(modal.getByTestId('free-shipping'))).toMatch(/^Nog € \d+,\d\d tot gratis verzending$|^Je bestelling wordt gratis verzonden$/);
    expect(await modal.getByRole('link', { name: 'Naar winkelwagen' }).getAttribute('href')).toBe('/besteloverzicht');
    expect(await modal.getByRole('link', { name: /Afrekenen/ }).getAttribute('href')).toBe('/checkout');
    await expect.poll(() => badge(page).innerText()).toBe('2');
    await settled(page);
    await expectAxeClean(page);

    // "Verder winkelen" closes it and gives focus back to the add button.
    await modal.getByRole('button', { name: 'Verder winkelen' }).click();
    await expect.poll(() => modal.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('add-to-cart-button');

    // A second add of the same pack adds up; the modal opens again.
    await addButton(page).click();
    await modal.waitFor();
    expect(await modal.getByTestId('added-pack').innerText()).toBe('3 zaden · 4 in je winkelwagen');
    await expect.poll(() => badge(page).innerText()).toBe('4');
  });

  it('the badge counts the add at once, before the server has answered (optimistic)', async () => {
    const page = await newPage();
    await open(page, NL);
    await reactReady(addButton(page));
    // Hold the cart action until the badge has been checked.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/besteloverzicht.data*', async (route) => {
      await held;
      await route.continue();
    });
    await addButton(page).click();
    await expect.poll(() => badge(page).innerText()).toBe('1');
    expect(await dialog(page).count()).toBe(0);
    release();
    await dialog(page).waitFor();
    expect(await badge(page).innerText()).toBe('1');
  });

  it('"Naar winkelwagen" opens /besteloverzicht with the line', async () => {
    const page = await newPage();
    await addFromProduct(page, NL, '5 zaadjes');
    await dialog(page).waitFor();
    await settled(page);
    await dialog(page).getByRole('link', { name: 'Naar winkelwagen' }).click();
    await page.waitForURL('**/besteloverzicht');
    await routerIdle(page);
    // The address changes before React has rendered the new page.
    await expect.poll(() => page.locator('h1').innerText()).toBe('Besteloverzicht');
    await expect.poll(() => lines(page).count()).toBe(1);
    expect(await lines(page).getByTestId('line-name').innerText()).toBe('Northern Lights');
    expect(await lines(page).getByTestId('line-seeds').innerText()).toBe('5 zaden');
  });

  it('a sold-out strain pack cannot be chosen, and the server refuses it anyway', async () => {
    const page = await newPage();
    await open(page, '/product/blueberry-auto');
    // Its 1-seed pack is sold out: the radio is disabled.
    expect(await packLabel(page, '1 zaadje').locator('input').isDisabled()).toBe(true);
    const soldOutPack = await packLabel(page, '1 zaadje').locator('input').getAttribute('value');
    const res = await page.request.post('/besteloverzicht', { form: { intent: 'add', pack: soldOutPack!, quantity: '1' }, maxRedirects: 0, headers: { Origin: new URL(page.url()).origin } });
    expect(res.status()).toBe(302);
    const flash = (await page.context().cookies()).find((c) => c.name === 'flash');
    expect(decodeURIComponent(flash?.value ?? '')).toContain('Product kan niet worden toegevoegd');
  });
});

describe('the cart panel', () => {
  it('changes the quantity with + and −, removes a line, and shows the empty state', async () => {
    const page = await newPage();
    await addAndClose(page, NL, '3 zaadjes');
    await addAndClose(page, AMNESIA, '5 zaadjes');
    await openCartPanel(page);
    const p = panel(page);
    expect(await p.getByTestId('cart-line').count()).toBe(2);
    const first = p.getByTestId('cart-line').first();
    expect(await first.getByTestId('line-name').innerText()).toBe('Northern Lights');
    const unit = parseMoney(await first.innerText());
    expect(await p.getByTestId('seed-counter').innerText()).toBe('8 van 100 zaden');

    await first.getByRole('button', { name: 'Eén meer: Northern Lights' }).click();
    await expect.poll(() => first.getByTestId('line-quantity').inputValue()).toBe('2');
    await expect.poll(() => money(page, 'line-total')).toBe(unit * 2);
    await expect.poll(() => badge(page).innerText()).toBe('3');
    await expect.poll(() => p.getByTestId('seed-counter').innerText()).toBe('11 van 100 zaden');

    // Typing a quantity and pressing Enter saves it too.
    await first.getByLabel('Aantal: Northern Lights').fill('4');
    await first.getByLabel('Aantal: Northern Lights').press('Enter');
    await expect.poll(() => badge(page).innerText()).toBe('5');
    await expect.poll(() => money(page, 'line-total')).toBe(unit * 4);

    await first.getByRole('button', { name: 'Eén minder: Northern Lights' }).click();
    await expect.poll(() => badge(page).innerText()).toBe('4');
    expect(await first.getByTestId('line-quantity').inputValue()).toBe('3');

    // The totals add up: subtotal, shipping (or "Gratis") and total.
    const subtotal = await money(page, 'cart-subtotal');
    const shippingText = await p.getByTestId('cart-shipping').innerText();
    const shipping = shippingText === 'Gratis' ? 0 : parseMoney(shippingText);
    expect(await money(page, 'cart-total')).toBe(subtotal + shipping);
    expect(await p.getByText('Verzending naar Nederland').count()).toBe(1);

    await p.getByRole('button', { name: 'Amnesia Haze verwijderen' }).first().click();
    await expect.poll(() => p.getByTestId('cart-line').count()).toBe(1);
    await expect.poll(() => badge(page).innerText()).toBe('3');
    // − on a single pack removes it; then the cart is empty and the badge hidden.
    await first.getByRole('button', { name: 'Eén minder: Northern Lights' }).click();
    await first.getByRole('button', { name: 'Eén minder: Northern Lights' }).click();
    await expect.poll(() => first.getByTestId('line-quantity').inputValue()).toBe('1');
    await first.getByRole('button', { name: 'Northern Lights verwijderen' }).first().click();
    await p.getByTestId('cart-empty').waitFor();
    expect(await p.getByTestId('cart-empty').innerText()).toContain('Je winkelwagen is nog leeg.');
    await expect.poll(() => badge(page).count()).toBe(0);
  });

  it('shows "Nog € X tot gratis verzending" below €50 and "Je bestelling wordt gratis verzonden" above', async () => {
    const page = await newPage();
    await addAndClose(page, NL, '1 zaadje');
    await openCartPanel(page);
    const p = panel(page);
    const subtotal = await money(page, 'cart-subtotal');
    expect(subtotal).toBeLessThan(5000);
    expect(await text(p.getByTestId('free-shipping'))).toBe(`Nog € ${((5000 - subtotal) / 100).toFixed(2).replace('.', ',')} tot gratis verzending`);
    expect(await p.getByTestId('free-shipping-bar').isVisible()).toBe(true);
    expect(await p.getByTestId('cart-shipping').innerText()).not.toBe('Gratis');

    await p.getByLabel('Aantal: Northern Lights').fill(String(Math.ceil(5000 / subtotal)));
    await p.getByLabel('Aantal: Northern Lights').press('Enter');
    await expect.poll(() => p.getByTestId('free-shipping').innerText()).toBe('Je bestelling wordt gratis verzonden');
    expect(await p.getByTestId('cart-shipping').innerText()).toBe('Gratis');
  });

  it('refuses more than 100 seeds with the message that names 100, next to the add button and in the panel', async () => {
    const page = await newPage();
    await addAndClose(page, NL, '10 zaadjes', 10);
    await expect.poll(() => badge(page).innerText()).toBe('10');

    await addFromProduct(page, NL, '1 zaadje');
    const error = page.getByTestId('add-error');
    await expect.poll(() => error.innerText()).toBe('Je kunt maximaal 100 zaden per bestelling bestellen.');
    expect(await dialog(page).count()).toBe(0);
    expect(await badge(page).innerText()).toBe('10');
    expect(await error.getAttribute('aria-live')).toBe('polite');

    await openCartPanel(page);
    const line = panel(page).getByTestId('cart-line');
    expect(await panel(page).getByTestId('seed-counter').innerText()).toBe('100 van 100 zaden');
    await line.getByRole('button', { name: 'Eén meer: Northern Lights' }).click();
    await expect.poll(() => line.getByTestId('line-error').innerText()).toContain('100');
    // The optimistic 11 falls back to the saved 10.
    await expect.poll(() => line.getByTestId('line-quantity').inputValue()).toBe('10');
  });

  it('coupons: an invalid or expired code says "Ongeldige kortingscode."; WELKOM10 gives 10% and can be removed', async () => {
    const page = await newPage();
    await addAndClose(page, NL, '5 zaadjes');
    await openCartPanel(page);
    const p = panel(page);
    const code = p.getByLabel('Kortingscode', { exact: true });

    for (const bad of ['BESTAATNIET', 'voorjaar2025']) {
      await code.fill(bad);
      // The second code's error reads like the first's: wait for this code's own answer.
      const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/besteloverzicht'));
      await p.getByRole('button', { name: 'Toepassen' }).click();
      await answered;
      await expect.poll(() => p.getByTestId('coupon-error').innerText()).toBe('Ongeldige kortingscode.');
      await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    }
    expect(await p.getByTestId('cart-discount').count()).toBe(0);

    const subtotal = await money(page, 'cart-subtotal');
    await code.fill('welkom10');
    await p.getByRole('button', { name: 'Toepassen' }).click();
    await p.getByTestId('applied-coupon').waitFor();
    expect(await p.getByTestId('applied-coupon-code').innerText()).toBe('WELKOM10');
    await expect.poll(() => money(page, 'cart-discount')).toBe(Math.floor(subtotal / 10));
    const shippingText = await p.getByTestId('cart-shipping').innerText();
    const shipping = shippingText === 'Gratis' ? 0 : parseMoney(shippingText);
    expect(await money(page, 'cart-total')).toBe(subtotal - Math.floor(subtotal / 10) + shipping);

    await p.getByRole('button', { name: 'Kortingscode verwijderen' }).click();
    await p.getByTestId('coupon-form').waitFor();
    await expect.poll(() => p.getByTestId('cart-discount').count()).toBe(0);
  });

  it('ZOMER5 below its €40 minimum: "Kan kortingscode niet toepassen"', async () => {
    const page = await newPage();
    await addAndClose(page, NL, '1 zaadje');
    await openCartPanel(page);
    const p = panel(page);
    await p.getByLabel('Kortingscode', { exact: true }).fill('ZOMER5');
    await p.getByRole('button', { name: 'Toepassen' }).click();
    await expect.poll(() => p.getByTestId('coupon-error').innerText()).toBe('Kan kortingscode niet toepassen');
  });
});

describe('/besteloverzicht and /kortingscodes', () => {
  it('/besteloverzicht without a cart shows the empty state, axe clean', async () => {
    const page = await newPage();
    await open(page, '/besteloverzicht');
    expect(await page.title()).toBe('Besteloverzicht | Kiemkracht');
    await page.getByTestId('cart-empty').waitFor();
    await expectAxeClean(page);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`/besteloverzicht with lines and a coupon at ${viewport.width}px: axe clean, "Afrekenen" to /checkout, screenshots`, async () => {
      const page = await newPage({ viewport });
      await addAndClose(page, NL, '10 zaadjes', 2);
      await addAndClose(page, AMNESIA, '3 zaadjes');
      await open(page, '/besteloverzicht');
      expect(await lines(page).count()).toBe(2);
      await page.getByLabel('Kortingscode', { exact: true }).fill('WELKOM10');
      await page.getByRole('button', { name: 'Toepassen' }).click();
      await page.getByTestId('applied-coupon').waitFor();
      await routerIdle(page);
      expect(await page.getByTestId('cart-checkout').getAttribute('href')).toBe('/checkout');
      expect(await page.getByRole('link', { name: 'Verder winkelen' }).count()).toBeGreaterThan(0);
      await expectAxeClean(page);
      await screenshot(page, `cart-page-${viewport.width}`);

      // The same cart in the side panel.
      await openCartPanel(page);
      await expectAxeClean(page);
      await screenshot(page, `cart-panel-${viewport.width}`, { fullPage: false });
    });

    it(`/kortingscodes at ${viewport.width}px: the public codes as cards, axe clean, screenshot`, async () => {
      const page = await newPage({ viewport });
      await open(page, '/kortingscodes');
      expect(await page.title()).toBe('Kortingscodes | Kiemkracht');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/kortingscodes/i);
      const codes = await page.getByTestId('coupon-code').allInnerTexts();
      expect(codes.sort()).toEqual(['GRATISVERZENDING', 'WELKOM10', 'ZOMER5']);
      const zomer = page.getByTestId('coupon-card').filter({ hasText: 'ZOMER5' });
      expect(await text(zomer)).toContain('€ 5,00 korting');
      expect(await text(zomer)).toContain('Vanaf € 40,00');
      expect(await text(zomer)).toContain('Geldig tot en met 30 september 2027');
      expect(await page.getByText('Zo gebruik je een kortingscode').count()).toBe(1);
      await expectAxeClean(page);
      await screenshot(page, `coupons-${viewport.width}`);
    });
  }

  it('screenshot of the add-to-cart modal on a phone', async () => {
    const page = await newPage({ viewport: MOBILE });
    await addFromProduct(page, NL, '5 zaadjes');
    await dialog(page).waitFor();
    await settled(page);
    await expectAxeClean(page);
    await screenshot(page, 'cart-added-modal-375', { fullPage: false });
  });
});

describe('the cart without JavaScript', () => {
  it('adds from the product page (back with a message and the badge), then changes and removes on /besteloverzicht', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(NL);
    await packLabel(page, '3 zaadjes').click();
    await page.getByLabel('Aantal', { exact: true }).fill('2');
    await Promise.all([page.waitForURL((u) => u.pathname === NL), addButton(page).click()]);
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe(NL);
    expect(await page.getByTestId('flash-banner').innerText()).toBe('Toegevoegd aan je winkelwagen');
    expect(await badge(page).innerText()).toBe('2');

    // The seed limit without JavaScript: the message comes back as the banner.
    await packLabel(page, '10 zaadjes').click();
    await page.getByLabel('Aantal', { exact: true }).fill('10');
    await Promise.all([page.waitForURL((u) => u.pathname === NL), addButton(page).click()]);
    await page.waitForLoadState('load');
    expect(await page.getByTestId('flash-banner').innerText()).toBe('Je kunt maximaal 100 zaden per bestelling bestellen.');
    expect(await badge(page).innerText()).toBe('2');

    await page.goto('/besteloverzicht');
    const line = lines(page);
    expect(await line.count()).toBe(1);
    expect(await line.getByTestId('line-quantity').inputValue()).toBe('2');
    await Promise.all([page.waitForURL('**/besteloverzicht'), line.getByRole('button', { name: 'Eén meer: Northern Lights' }).click()]);
    await page.waitForLoadState('load');
    expect(await lines(page).getByTestId('line-quantity').inputValue()).toBe('3');
    expect(await page.getByTestId('flash-banner').innerText()).toBe('Winkelwagen bijgewerkt');

    await page.getByLabel('Kortingscode', { exact: true }).fill('NEP');
    await Promise.all([page.waitForURL('**/besteloverzicht'), page.getByRole('button', { name: 'Toepassen' }).click()]);
    await page.waitForLoadState('load');
    expect(await page.getByTestId('flash-banner').innerText()).toBe('Ongeldige kortingscode.');

    await Promise.all([page.waitForURL('**/besteloverzicht'), lines(page).getByRole('button', { name: 'Northern Lights verwijderen' }).last().click()]);
    await page.waitForLoadState('load');
    expect(await page.getByTestId('cart-empty').count()).toBe(1);
    expect(await badge(page).count()).toBe(0);
  });

  it('a tampered quantity is answered with the Dutch message, never an error page', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(NL);
    const origin = new URL(page.url()).origin;
    const pack = await packLabel(page, '3 zaadjes').locator('input').getAttribute('value');
    for (const quantity of ['0', '-1', '0.5', '2147483648', 'x']) {
      const res = await page.request.post('/besteloverzicht', { form: { intent: 'add', pack: pack!, quantity, redirectTo: NL }, maxRedirects: 0, headers: { Origin: origin } });
      expect(res.status(), quantity).toBe(302);
      expect(res.headers().location).toBe(NL);
      expect(decodeURIComponent(res.headers()['set-cookie'] ?? '')).toContain('Kies een aantal van 1 tot 99.');
    }
    const res = await page.request.post('/besteloverzicht', { form: { intent: 'add', pack: 'abc', redirectTo: 'https://elders.example/' }, maxRedirects: 0, headers: { Origin: origin } });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/besteloverzicht');
    expect(decodeURIComponent(res.headers()['set-cookie'] ?? '')).toContain('Product kan niet worden toegevoegd');
  });
});

describe('a cached page for a visitor with a cart (ADR 031)', () => {
  const CACHED = '/faq';
  /** Stores the page as an anonymous visitor with this browser's shared cookies would (age, cookie choice). */
  const warm = async () => {
    const headers = { 'user-agent': PERSON_UA, cookie: 'age_verified=1; consent=v1.s0.m0' };
    for (let i = 0; i < 2; i++) await (await fetch(baseURL() + CACHED, { headers })).text();
  };

  it('without JavaScript: after adding, a cached page shows the right count', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(NL);
    await packLabel(page, '3 zaadjes').click();
    await page.getByLabel('Aantal', { exact: true }).fill('3');
    await Promise.all([page.waitForURL((u) => u.pathname === NL), addButton(page).click()]);
    await page.waitForLoadState('load');
    expect(await badge(page).innerText()).toBe('3');

    await warm();
    const response = await page.goto(CACHED);
    expect(response?.headers()['x-page-cache']).toBe('hit');
    expect(await badge(page).innerText()).toBe('3');
    expect(await badge(page).isVisible()).toBe(true);
    expect(await page.locator('#cart-count-description').innerText()).toBe('3 pakjes in je winkelwagen');
  });

  it('with JavaScript: a cached page hydrates without errors, the badge and the drawer show the cart, and adding still counts', async () => {
    const page = await newPage();
    await addAndClose(page, AMNESIA, '5 zaadjes', 2);
    await expect.poll(() => badge(page).innerText()).toBe('2');

    await warm();
    const response = await open(page, CACHED);
    expect(response?.headers()['x-page-cache']).toBe('hit');
    await settled(page);
    expect(await badge(page).innerText()).toBe('2');
    await openCartPanel(page);
    expect(await panel(page).getByTestId('cart-line').count()).toBe(1);
    expect(await panel(page).getByTestId('cart-line').first().innerText()).toContain('Amnesia Haze');
    await screenshot(page, 'cached-page-cart-drawer');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel(page).count()).toBe(0);

    // Adding on a page that came with the cart as data counts from that cart, and the drawer then has both lines.
    await addAndClose(page, NL, '3 zaadjes', 1);
    await expect.poll(() => badge(page).innerText()).toBe('3');
    await openCartPanel(page);
    expect(await panel(page).getByTestId('cart-line').count()).toBe(2);
  });
});
