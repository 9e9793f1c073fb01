// Side panels (menu, search, account, cart): open, label, close, focus return, one at a time.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, expectAxeClean, hydrated, screenshot, useBrowser } from './browser.ts';
import { COLLECTION_LINKS, open, openHeld, settled } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const PANELS = [
  { name: 'search', title: 'Zoeken', button: 'Zoeken openen' },
  { name: 'account', title: 'Account', button: 'Account openen' },
  { name: 'cart', title: 'Winkelwagen', button: 'Winkelwagen openen' },
] as const;

const trigger = (page: Page, name: string) => page.getByTestId(`open-${name}`);
const panel = (page: Page, name: string) => page.getByTestId(`panel-${name}`);
const background = (page: Page) => page.getByTestId('panel-background');
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

async function openPanel(page: Page, name: string) {
  await trigger(page, name).click();
  await panel(page, name).waitFor();
  await settled(page);
}

describe('a panel button pressed before the page is live', () => {
  it('opens its panel once the page is live (ADR 080)', async () => {
    const page = await newPage();
    const release = await openHeld(page, '/faq');
    await trigger(page, 'cart').click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'no')).toBe('no');
    release();
    await hydrated(page);
    await panel(page, 'cart').waitFor();
    expect(await page.getByRole('dialog', { name: 'Winkelwagen', exact: true }).count()).toBe(1);
    expect(await trigger(page, 'cart').getAttribute('aria-expanded')).toBe('true');
  });
});

describe('side panels on desktop', () => {
  for (const p of PANELS) {
    it(`${p.name}: opens as dialog "${p.title}" with the background, Escape closes it`, async () => {
      const page = await newPage();
      await open(page, '/faq');
      expect(await trigger(page, p.name).getAttribute('aria-expanded')).toBe('false');
      expect(await background(page).count()).toBe(0);

      await openPanel(page, p.name);
      expect(await panel(page, p.name).getAttribute('role')).toBe('dialog');
      expect(await page.getByRole('dialog', { name: p.title, exact: true }).count()).toBe(1);
      expect(await background(page).isVisible()).toBe(true);
      expect(await trigger(page, p.name).getAttribute('aria-expanded')).toBe('true');
      // Focus moved into the panel.
      expect(await panel(page, p.name).evaluate((el) => el.contains(document.activeElement))).toBe(true);

      await page.keyboard.press('Escape');
      await expect.poll(() => panel(page, p.name).count()).toBe(0);
      await expect.poll(() => background(page).count()).toBe(0);
      expect(await trigger(page, p.name).getAttribute('aria-expanded')).toBe('false');
    });
  }

  // Closing a panel hands focus back to the header button that opened it (WCAG 2.4.3).
  for (const p of PANELS) {
    it(`${p.name}: Escape returns focus to the open-${p.name} button`, async () => {
      const page = await newPage();
      await open(page, '/faq');
      await trigger(page, p.name).focus();
      await page.keyboard.press('Enter');
      await panel(page, p.name).waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => panel(page, p.name).count()).toBe(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(`open-${p.name}`);
    });
  }

  it('the "Sluiten" button returns focus to the trigger button', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await openPanel(page, 'account');
    await panel(page, 'account').getByRole('button', { name: 'Sluiten' }).click();
    await expect.poll(() => panel(page, 'account').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-account');
  });

  it('the close button "Sluiten" closes a panel', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await openPanel(page, 'cart');
    await panel(page, 'cart').getByRole('button', { name: 'Sluiten' }).click();
    await expect.poll(() => panel(page, 'cart').count()).toBe(0);
    await expect.poll(() => background(page).count()).toBe(0);
    expect(await trigger(page, 'cart').getAttribute('aria-expanded')).toBe('false');
  });

  it('a click on the background closes the panel', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await openPanel(page, 'account');
    // The account panel is on the right; click the background on the left.
    await page.mouse.click(100, 450);
    await expect.poll(() => panel(page, 'account').count()).toBe(0);
    await expect.poll(() => background(page).count()).toBe(0);
  });

  it('focus moves into the panel and Tab stays inside it', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await openPanel(page, 'search');
    const inside = () => panel(page, 'search').evaluate((el) => el.contains(document.activeElement));
    expect(await inside()).toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    expect(await focusedTestId(page)).not.toBe('open-search');
  });

  it('opening another panel closes the first (one at a time)', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await openPanel(page, 'search');
    // With a modal panel open the header is covered by the background, so a pointer click cannot reach
    // the cart button; its click handler is triggered directly (as a keyboard shortcut or script would).
    await trigger(page, 'cart').dispatchEvent('click');
    await panel(page, 'cart').waitFor();
    await expect.poll(() => panel(page, 'search').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await background(page).count()).toBe(1);
    expect(await trigger(page, 'search').getAttribute('aria-expanded')).toBe('false');
    expect(await trigger(page, 'cart').getAttribute('aria-expanded')).toBe('true');
  });

  it('after closing, another panel opens normally', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await openPanel(page, 'search');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel(page, 'search').count()).toBe(0);
    await openPanel(page, 'cart');
    expect(await page.getByRole('dialog').count()).toBe(1);
  });

  it('the search panel holds the search form (GET /product) above the service links', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await openPanel(page, 'search');
    const form = panel(page, 'search').locator('form[role="search"]');
    expect(await form.getAttribute('method')).toBe('get');
    expect(await form.getAttribute('action')).toBe('/product');
    expect(await form.getByRole('searchbox', { name: 'Zoekterm' }).getAttribute('name')).toBe('q');
    expect(await form.getByRole('button', { name: 'Zoeken', exact: true }).count()).toBe(1);
  });

  it('the cart panel shows the empty cart', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await openPanel(page, 'cart');
    expect(await panel(page, 'cart').innerText()).toContain('Je winkelwagen is nog leeg.');
  });

  it('a link inside a panel navigates and closes the panel', async () => {
    const page = await newPage();
    await open(page, '/');
    await openPanel(page, 'search');
    await panel(page, 'search').getByRole('link', { name: 'Verzending & bezorging' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/verzending-bezorging');
    await expect.poll(() => panel(page, 'search').count()).toBe(0);
    await expect.poll(() => background(page).count()).toBe(0);
  });

  it('is axe clean with a panel open', async () => {
    const page = await newPage();
    await open(page, '/');
    await openPanel(page, 'search');
    await expectAxeClean(page);
  });
});

describe('menu panel on mobile', () => {
  it('opens from the left as dialog "Menu", shows the navigation, Escape closes it', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/');
    await openPanel(page, 'menu');
    const menu = panel(page, 'menu');
    expect(await page.getByRole('dialog', { name: 'Menu', exact: true }).count()).toBe(1);
    expect(await trigger(page, 'menu').getAttribute('aria-expanded')).toBe('true');
    const box = await menu.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBeLessThan(MOBILE.width);
    expect(await menu.getByRole('link', { name: 'Veelgestelde vragen' }).count()).toBeGreaterThan(0);
    expect(await menu.getByRole('link', { name: 'Ons verhaal' }).count()).toBe(1);
    // The collections: the overview first, then each collection.
    const collections = await menu.locator('section', { has: page.getByRole('heading', { name: 'Collecties' }) }).getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(collections).toEqual(['/collecties', ...Object.values(COLLECTION_LINKS)]);
    // Pages without sub-pages are plain links, never a heading over one link of the same name.
    for (const name of ['Aanbiedingen', 'Blog']) {
      expect(await menu.getByRole('link', { name, exact: true }).count()).toBe(1);
      expect(await menu.getByRole('heading', { name, exact: true }).count()).toBe(0);
    }
    const hrefs = await menu.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length, 'each page once').toBe(new Set(hrefs).size);
    const sections = await menu.locator('section').evaluateAll((els) =>
      els.map((el) => ({ heading: el.querySelector('h2')?.textContent ?? '', links: [...el.querySelectorAll('a')].map((a) => a.textContent ?? '') })),
    );
    for (const { heading, links } of sections) expect(links, heading).not.toContain(heading);
    expect(await menu.getByTestId('open-region').innerText()).toContain('Nederland & België · EUR');

    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await trigger(page, 'menu').getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape returns focus to the open-menu button', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/');
    await openPanel(page, 'menu');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel(page, 'menu').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-menu');
  });

  it('a menu link navigates and closes the menu', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/');
    await openPanel(page, 'menu');
    await panel(page, 'menu').getByRole('link', { name: 'Ons verhaal' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/ons-verhaal');
    await expect.poll(() => panel(page, 'menu').count()).toBe(0);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('is axe clean with the menu open, screenshot menu-panel-375', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/');
    await openPanel(page, 'menu');
    await expectAxeClean(page);
    await screenshot(page, 'menu-panel-375');
  });
});
