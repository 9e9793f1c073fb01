// Parts below the fold render when they come near the screen (ADR 048): until then they are the server's HTML, and
// nothing a visitor does to them in that time is lost.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, useBrowser } from './browser.ts';
import { footer, nextFrame, open, settled } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const isStatic = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.hasAttribute('data-static'));

describe('parts below the fold', () => {
  it('stay the server’s HTML after hydration, all of it, and turn live when scrolled to', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/');
    expect(await isStatic(page, 'footer')).toBe(true);
    expect(await isStatic(page, 'section[aria-labelledby="nieuw"]')).toBe(true);
    // Nothing of the server's HTML is missing: the footer's links and the shelf's cards are there.
    expect(await footer(page).getByRole('link', { name: 'Veelgestelde vragen' }).count()).toBe(1);
    expect(await page.locator('section[aria-labelledby="nieuw"] li').count()).toBeGreaterThan(0);

    await footer(page).scrollIntoViewIfNeeded();
    await settled(page);
    expect(await isStatic(page, 'footer')).toBe(false);
    // The lazily loaded newsletter form is in the live footer at once (its code was fetched first, no empty gap).
    expect(await page.getByTestId('newsletter-footer').count()).toBe(1);
  });

  it('a click on a part that is not live yet is made again on the live part: a client-side navigation', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    // A click without the scroll and pointer that would have made the footer live first.
    await footer(page)
      .getByRole('link', { name: 'Veelgestelde vragen' })
      .evaluate((a) => (a as HTMLElement).click());
    await page.getByRole('heading', { level: 1, name: 'Veelgestelde vragen' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/faq');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  it('keeps the focus and typed text of a field focused while the part was static', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/');
    const field = page.getByTestId('newsletter-footer').getByLabel('E-mailadres');
    expect(await isStatic(page, 'footer')).toBe(true);
    await field.evaluate((el) => (el as HTMLInputElement).focus({ preventScroll: true }));
    await page.keyboard.type('noor@example.nl');
    await expect.poll(() => isStatic(page, 'footer')).toBe(false);
    expect(await field.inputValue()).toBe('noor@example.nl');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('a listing on a phone: the cards wait until used, the closed filters until opened; using them works', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/product');
    const card = (n: number) => `[data-testid="product-grid"] > li:nth-child(${n})`;
    expect(await isStatic(page, card(1))).toBe(true);
    expect(await isStatic(page, card(9))).toBe(true);
    // Scrolling to a card leaves it as it is; a pointer on it renders it, and only it.
    await page.locator(card(9)).scrollIntoViewIfNeeded();
    await settled(page);
    expect(await isStatic(page, card(9))).toBe(true);
    await page.locator(card(9)).hover();
    await expect.poll(() => isStatic(page, card(9))).toBe(false);
    expect(await isStatic(page, card(10))).toBe(true);
    await page.evaluate(() => scrollTo(0, 0));
    expect(await isStatic(page, '#filters details > div')).toBe(true);
    await page.locator('#filters summary').click();
    await settled(page);
    expect(await isStatic(page, '#filters details > div')).toBe(false);
    await page.locator('#filters input[type="checkbox"]').first().check();
    await expect.poll(() => new URL(page.url()).search).not.toBe('');
  });

  it('a tap on a listing card that is not live yet opens the product client-side', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/product');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const link = page.locator('[data-testid="product-grid"] > li:first-child h3 a');
    const name = (await link.textContent())!;
    expect(await isStatic(page, '[data-testid="product-grid"] > li:first-child')).toBe(true);
    await link.evaluate((a) => (a as HTMLElement).click());
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  it('a press that lasts while the part turns live is still a click (the switch waits for it)', async () => {
    const page = await newPage({ viewport: MOBILE });
    // The hearts' code arrives while the button is held down: without the wait the release lands on the live card and
    // the browser makes no click of the press. The test holds the code back until the button is down.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/assets/wishlist-toggle-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await open(page, '/product');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const link = page.locator('[data-testid="product-grid"] > li:first-child h3 a');
    const name = (await link.textContent())!;
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const arrived = page.waitForEvent('requestfinished', (r) => /\/assets\/wishlist-toggle-[^/]*\.js$/.test(r.url()));
    release();
    await arrived;
    await nextFrame(page);
    expect(await isStatic(page, '[data-testid="product-grid"] > li:first-child')).toBe(true);
    await page.mouse.up();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  it('a product page on a phone: the key facts and the purchase form wait until used; taps on them are not lost', async () => {
    const page = await newPage({ viewport: MOBILE, hasTouch: true, isMobile: true });
    await open(page, '/product/northern-lights');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const form = page.getByTestId('add-to-cart');
    const formIsStatic = () => form.evaluate((el) => el.closest('[data-static]')?.getAttribute('data-static') ?? null);
    expect(await formIsStatic()).toBe('used');
    expect(await page.getByTestId('key-facts').evaluate((el) => el.closest('[data-static]')?.getAttribute('data-static'))).toBe('used');
    const tenPrice = (await form.locator('label', { hasText: /^10 zaadjes/ }).locator('span').nth(1).textContent())!;
    // The first tap, on a pack, makes the form live and is made again there: the pack is chosen, its price shown.
    await form.locator('label', { hasText: /^10 zaadjes/ }).tap();
    await expect.poll(async () => (await page.getByTestId('pack-summary').innerText()).split('\n')[0]).toBe(tenPrice);
    expect(await formIsStatic()).toBe(null);
    await page.getByTestId('add-to-cart-button').tap();
    await page.getByTestId('added-dialog').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  it('a tap on "In winkelwagen" while the form is still the server’s HTML adds without leaving the page', async () => {
    const page = await newPage({ viewport: MOBILE, hasTouch: true, isMobile: true });
    await open(page, '/product/northern-lights');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    expect(await page.getByTestId('add-to-cart').evaluate((el) => el.closest('[data-static]')?.getAttribute('data-static'))).toBe('used');
    await page.getByTestId('add-to-cart-button').tap();
    await page.getByTestId('added-dialog').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/product/northern-lights');
  });

  it('a page reached by a client-side navigation renders its parts at once', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/faq');
    await page.locator('header a[href="/"]').first().click();
    await page.locator('section[aria-labelledby="nieuw"]').waitFor();
    expect(await isStatic(page, 'section[aria-labelledby="nieuw"]')).toBe(false);
    // And the footer that stayed: the navigation made it live.
    await expect.poll(() => isStatic(page, 'footer')).toBe(false);
  });
});
