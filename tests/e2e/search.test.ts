// Search: the form in the search panel with suggestions while typing, the results page /product?q=,
// no results, without JavaScript, and the suggestions API.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, baseURL, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { cardNames, open, param, pathAndQuery, productGrid, resultCount, routerIdle, settled } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const searchPanel = (page: Page) => page.getByTestId('panel-search');
const suggestions = (page: Page) => searchPanel(page).getByTestId('search-suggestions');
const suggestionCards = (page: Page) => suggestions(page).getByTestId('product-card-small');
/** The strain names of the suggestions (each card's first line). */
const suggestionNames = (page: Page) => suggestionCards(page).evaluateAll((cs) => cs.map((c) => (c as HTMLElement).innerText.split('\n')[0]!.trim()));

/** The fetcher asks the resource route through React Router's data URL (/api/search.data?q=…). */
const isSuggestionRequest = (r: Request) => /^\/api\/search(\.data)?$/.test(new URL(r.url()).pathname);

async function openSearch(page: Page) {
  await page.getByRole('button', { name: 'Zoeken openen' }).click();
  await searchPanel(page).waitFor();
  return searchPanel(page).getByRole('searchbox', { name: 'Zoekterm' });
}

describe('search panel', () => {
  it('has a labelled search field with focus; typing "amnsia" (a typo) suggests Amnesia Haze', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const field = await openSearch(page);
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await searchPanel(page).getByRole('search').count()).toBe(1);
    await field.fill('amnsia');
    await suggestions(page).waitFor();
    const names = await suggestionNames(page);
    expect(names).toContain('Amnesia Haze');
    expect(names.length).toBeLessThanOrEqual(6);
    // Each suggestion is a link to its product page, with type, THC and price.
    const first = suggestionCards(page).first();
    expect(await first.getAttribute('href')).toMatch(/^\/product\/[a-z0-9-]+$/);
    expect(await first.innerText()).toMatch(/THC [\d,]+%[\s\S]*(Vanaf|Uitverkocht)/);
    const all = searchPanel(page).getByRole('link', { name: 'Alle resultaten voor “amnsia”' });
    expect(await all.getAttribute('href')).toBe('/product?q=amnsia');
  });

  it('Enter goes to /product?q=amnsia: "Zoekresultaten voor “amnsia”" with Amnesia Haze, panel closed', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const field = await openSearch(page);
    await field.fill('amnsia');
    await suggestions(page).waitFor();
    await field.press('Enter');
    await expect.poll(() => pathAndQuery(page)).toBe('/product?q=amnsia');
    await page.getByRole('heading', { level: 1, name: 'Zoekresultaten voor “amnsia”' }).waitFor();
    await routerIdle(page);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await cardNames(page)).toContain('Amnesia Haze');
    expect(await resultCount(page)).toBe(await productGrid(page).getByTestId('product-card').count());
    await expect.poll(() => searchPanel(page).count()).toBe(0);
    // The results page's own search field holds the term.
    expect(await page.locator('main').getByRole('searchbox', { name: 'Zoekterm' }).inputValue()).toBe('amnsia');
  });

  it('a suggestion opens its product page and closes the panel', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const field = await openSearch(page);
    await field.fill('amnsia');
    await suggestions(page).waitFor();
    const index = (await suggestionNames(page)).indexOf('Amnesia Haze');
    expect(index).toBeGreaterThanOrEqual(0);
    await suggestionCards(page).nth(index).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/product/amnesia-haze');
    await page.getByRole('heading', { level: 1, name: 'Amnesia Haze' }).waitFor();
    await expect.poll(() => searchPanel(page).count()).toBe(0);
  });

  it('one letter asks for no suggestions', async () => {
    const page = await newPage();
    await page.clock.install();
    await open(page, '/faq');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (isSuggestionRequest(r)) asked.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    const field = await openSearch(page);
    await field.fill('a');
    // Past the typing pause on the page's clock: a request for the one letter would have gone out now.
    await page.clock.runFor(1000);
    expect(await suggestions(page).count()).toBe(0);
    // A longer term's request comes after any for the one letter, so once its suggestions show, none was made.
    await field.fill('haze');
    await page.clock.runFor(1000);
    await suggestions(page).waitFor();
    expect(asked).toEqual(['haze']);
    // Clearing a longer term removes the suggestions again.
    await field.fill('');
    await expect.poll(() => suggestions(page).count()).toBe(0);
  });

  it('waits for a pause in typing: not one request per letter', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (isSuggestionRequest(r)) asked.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    const field = await openSearch(page);
    await field.pressSequentially('northern', { delay: 30 });
    await expect.poll(() => asked.at(-1)).toBe('northern');
    // Without the pause there would be a request for each of "no", "nor", … "northern" (7); a busy machine may
    // still let one pause slip in between two key presses, so this only demands fewer than one per letter.
    expect(asked.length).toBeLessThan(7);
    for (const q of asked) expect('northern'.startsWith(q) && q.length >= 2, q).toBe(true);
    await expect.poll(() => suggestionNames(page)).toContain('Northern Lights');
  });
});

describe('search results page', () => {
  it('/product?q=qqqxxzzv: 0 soorten and "Geen soorten gevonden met deze filters."', async () => {
    const page = await newPage();
    const response = await open(page, '/product?q=qqqxxzzv');
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('Zoekresultaten voor “qqqxxzzv”');
    expect(await resultCount(page)).toBe(0);
    expect(await page.getByText('Geen soorten gevonden met deze filters.', { exact: true }).isVisible()).toBe(true);
    expect(await productGrid(page).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Paginering' }).count()).toBe(0);
  });

  it('a new term in the page’s own search field searches again, client-side', async () => {
    const page = await newPage();
    await open(page, '/product?q=amnsia');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const field = page.locator('main').getByRole('searchbox', { name: 'Zoekterm' });
    await field.fill('northern lights');
    await page.locator('main').getByRole('button', { name: 'Zoeken', exact: true }).click();
    await expect.poll(() => param(page, 'q')).toEqual(['northern lights']);
    await page.getByRole('heading', { level: 1, name: 'Zoekresultaten voor “northern lights”' }).waitFor();
    await expect.poll(() => cardNames(page)).toContain('Northern Lights');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  it('works without JavaScript: the form is a plain GET to /product?q=', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/product');
    const field = page.locator('main').getByRole('searchbox', { name: 'Zoekterm' });
    await field.fill('amnesia');
    await page.locator('main').getByRole('button', { name: 'Zoeken', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/product' && u.searchParams.get('q') === 'amnesia');
    await expect.poll(() => page.locator('h1').innerText()).toBe('Zoekresultaten voor “amnesia”');
    expect(await cardNames(page)).toContain('Amnesia Haze');
  });
});

describe('GET /api/search', () => {
  it('answers up to six suggestions as JSON, privately cacheable', async () => {
    const res = await fetch(`${baseURL()}/api/search?q=amnsia`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('private, max-age=30');
    const body = (await res.json()) as { items: { slug: string; name: string }[] };
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.length).toBeLessThanOrEqual(6);
    expect(body.items.map((i) => i.name)).toContain('Amnesia Haze');
  });

  it('an empty or nonsense term answers no items, never an error', async () => {
    for (const q of ['', 'qqqxxzzv', '%%%', "'; drop table--"]) {
      const res = await fetch(`${baseURL()}/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(((await res.json()) as { items: unknown[] }).items, q).toEqual([]);
    }
  });
});

describe('search: accessibility and screenshots', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`results for “amnsia” at ${viewport.width}px: axe clean, screenshot`, async () => {
      const page = await newPage({ viewport });
      await open(page, '/product?q=amnsia');
      await settled(page);
      await expectAxeClean(page);
      await screenshot(page, `search-results-${viewport.width}`);
    });
  }

  it('the search panel with suggestions: axe clean, screenshot (mobile)', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/');
    const field = await openSearch(page);
    await field.fill('amnsia');
    await suggestions(page).waitFor();
    await settled(page);
    await expectAxeClean(page);
    await screenshot(page, 'search-panel-suggestions-375');
  });
});
