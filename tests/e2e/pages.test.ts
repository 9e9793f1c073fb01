// Every live page: 200, one h1, no axe violations (here or in its feature suite), on desktop and mobile; the 404 page too; the layout.
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { COLLECTION_LINKS, LIVE_PAGES, footer, open, openErrorPage, settled } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const NOT_FOUND_PATH_LINE = '[data-testid="not-found"] p.text-xs';

// At 1280 px every page; at 375 px (the same markup, other breakpoints) only where no feature suite runs axe at
// that width, one page per shared template. Status, h1 and title do not depend on the width.
const axedElsewhere = (p: (typeof LIVE_PAGES)[number], width: number) => !!p.axedIn && (!p.axedAt || p.axedAt === width);
const AT_375 = LIVE_PAGES.filter((p, i) => !axedElsewhere(p, MOBILE.width) && (!p.template || LIVE_PAGES.findIndex((q) => q.template === p.template) === i));

for (const viewport of [DESKTOP, MOBILE]) {
  describe(`live pages at ${viewport.width}px`, () => {
    for (const p of viewport === DESKTOP ? LIVE_PAGES : AT_375) {
      const { path, name } = p;
      const axeHere = !axedElsewhere(p, viewport.width);
      it(`${path}: 200, one h1${axeHere ? ', axe clean' : ` (axe in ${p.axedIn})`}`, async () => {
        const page = await newPage({ viewport });
        const response = await open(page, path);
        expect(response?.status()).toBe(200);
        expect(new URL(page.url()).pathname).toBe(path);
        const h1 = page.locator('h1');
        expect(await h1.count()).toBe(1);
        expect((await h1.innerText()).trim()).not.toBe('');
        expect(await page.title()).toMatch(/Kiemkracht/);
        // Nothing blocks the page: no age gate for an adult, no open dialog.
        expect(await page.getByRole('dialog').count()).toBe(0);
        await settled(page);
        if (axeHere) await expectAxeClean(page);
        await screenshot(page, `${name}-${viewport.width}`);
      });
    }

    it('the not-found page: 404, one h1, axe clean', async () => {
      const page = await newPage({ viewport });
      const response = await openErrorPage(page, '/deze-pagina-bestaat-niet');
      expect(response?.status()).toBe(404);
      await page.getByTestId('not-found').waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('h1').innerText()).toBe('Oeps! Nothing here');
      await settled(page);
      expect(await page.locator(NOT_FOUND_PATH_LINE).innerText()).toBe('Page Not Found: /deze-pagina-bestaat-niet');
      await expectAxeClean(page);
      await screenshot(page, `not-found-${viewport.width}`);
      ignoreErrors(/status of 404/);
    });
  });
}

describe('layout', () => {
  it('header: logo link home and the panel buttons with their labels', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const logo = page.locator('header').getByRole('link', { name: /Kiemkracht/ });
    expect(await logo.count()).toBe(1);
    expect(await logo.getAttribute('href')).toBe('/');
    const labels = {
      'open-search': 'Zoeken openen',
      'open-account': 'Account openen',
      'open-cart': 'Winkelwagen openen',
      'open-menu': 'Menu openen',
    };
    for (const [testId, label] of Object.entries(labels)) {
      const button = page.getByTestId(testId);
      expect(await button.getAttribute('aria-label')).toBe(label);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
    }
  });

  it('the shop silences console log, warn and error at start-up (SPEC §8)', async () => {
    const page = await newPage({ keepConsole: false });
    const seen: string[] = [];
    page.on('console', (m) => seen.push(`${m.type()}: ${m.text()}`));
    await open(page, '/faq');
    await page.evaluate(() => {
      console.log('log');
      console.warn('warn');
      console.error('error');
    });
    expect(seen).toEqual([]);
    // The suite's own pages keep it, so an error in the shop's code still fails a test.
    const watched = await newPage();
    const kept: string[] = [];
    watched.on('console', (m) => kept.push(m.type()));
    await open(watched, '/faq');
    await watched.evaluate(() => console.warn('kept'));
    expect(kept).toEqual(['warning']);
  });

  it('the logo link navigates home', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await page.locator('header').getByRole('link', { name: /Kiemkracht/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: /cannabiszaden/ }).waitFor();
  });

  it('header: the "Collecties" dropdown (native <details>) lists the overview and the eight collections', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    const dropdown = nav.locator('details').filter({ has: page.locator('summary', { hasText: 'Collecties' }) });
    expect(await dropdown.count()).toBe(1);
    expect(await dropdown.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    const links = await dropdown.locator('a').evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    expect(links).toEqual([['Collecties', '/collecties'], ...Object.entries(COLLECTION_LINKS)]);
    expect(await dropdown.getByRole('link', { name: 'Landrace' }).isVisible()).toBe(false);

    await dropdown.locator('summary').click();
    expect(await dropdown.getByRole('link', { name: 'Landrace' }).isVisible()).toBe(true);
    // Escape closes it and leaves focus on the summary.
    await page.keyboard.press('Escape');
    await expect.poll(() => dropdown.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');

    // A click outside (bottom right, far from the dropdown) closes it.
    await dropdown.locator('summary').click();
    await page.mouse.click(DESKTOP.width - 10, DESKTOP.height - 10);
    await expect.poll(() => dropdown.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);

    // A link in it navigates client-side and the dropdown closes.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await dropdown.locator('summary').click();
    await dropdown.getByRole('link', { name: 'Landrace' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/collecties/landrace');
    await page.getByRole('heading', { level: 1, name: 'Landrace' }).waitFor();
    await expect.poll(() => dropdown.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  it('header: the "Collecties" dropdown opens without JavaScript', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/faq');
    const dropdown = page.getByRole('navigation', { name: 'Hoofdmenu' }).locator('details').filter({ has: page.locator('summary', { hasText: 'Collecties' }) });
    await dropdown.locator('summary').click();
    await dropdown.getByRole('link', { name: 'Hoog CBD' }).click();
    await page.waitForURL((u) => u.pathname === '/collecties/hoog-cbd');
    await expect.poll(() => page.locator('h1').innerText()).toBe('Hoog CBD');
  });

  it('the menu button shows only below 768 px', async () => {
    const desktop = await newPage({ viewport: DESKTOP });
    await open(desktop, '/');
    expect(await desktop.getByTestId('open-menu').isVisible()).toBe(false);
    expect(await desktop.getByTestId('open-search').isVisible()).toBe(true);

    const narrow = await newPage({ viewport: { width: 767, height: 900 } });
    await open(narrow, '/');
    expect(await narrow.getByTestId('open-menu').isVisible()).toBe(true);

    const mobile = await newPage({ viewport: MOBILE });
    await open(mobile, '/');
    expect(await mobile.getByTestId('open-menu').isVisible()).toBe(true);
    expect(await mobile.getByTestId('open-cart').isVisible()).toBe(true);
  });

  it('footer: disclaimer, selling points, link columns and the region link', async () => {
    const page = await newPage();
    await open(page, '/');
    const f = footer(page);
    expect(await page.getByTestId('disclaimer').innerText()).toContain('uitsluitend verkocht als souvenir en om te bewaren');
    const text = await f.innerText();
    for (const point of [
      'Gratis verzending boven € 50',
      '10% korting bij aanmelding voor de nieuwsbrief',
      'Antwoord van onze klantenservice binnen 24 uur',
    ]) {
      expect(text).toContain(point);
    }
    expect((await page.getByTestId('open-region').innerText()).trim()).toBe('Nederland & België · EUR');
    expect(await f.getByRole('navigation').count()).toBeGreaterThanOrEqual(3);
    // Every footer link leads to a live page (no link to a 404).
    const hrefs = await f.locator('nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of hrefs) {
      expect(LIVE_PAGES.map((p) => p.path), href).toContain(href);
    }
  });

  it('a footer link is a client-side navigation to the page', async () => {
    const page = await newPage();
    await open(page, '/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await footer(page).getByRole('link', { name: 'Veelgestelde vragen' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/faq');
    await page.getByRole('heading', { level: 1, name: 'Veelgestelde vragen' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  it('/verzending-bezorging shows the rates of the visitor’s region', async () => {
    const page = await newPage();
    await open(page, '/verzending-bezorging');
    const table = page.getByRole('table');
    expect(await table.count()).toBe(1);
    expect(await page.getByRole('heading', { level: 2, name: /Nederland & België/ }).count()).toBe(1);
    const rows = await table.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split('\t')[0]?.trim())).toEqual(['België', 'Nederland']);
    for (const row of rows) expect(row).toMatch(/€/);
    expect(rows.join('\n')).toMatch(/werkdagen/);
  });
});
