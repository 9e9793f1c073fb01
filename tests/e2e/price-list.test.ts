// The price list /prijslijst: every strain with the price of each pack, sortable by column, in the visitor's currency.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import {
  STRAIN_COUNT,
  chooseRegion,
  open,
  openRegionModal,
  param,
  parseMoney,
  parsePercent,
  routerIdle,
  settled,
  toastSaying,
} from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const COLUMNS = ['Soort', 'Type', 'THC', '1 zaadje', '3 zaadjes', '5 zaadjes', '10 zaadjes'];
const table = (page: Page) => page.getByTestId('price-list');

type Row = { name: string; href: string; type: string; thc: number; cells: { text: string; soldOut: boolean }[] };

async function rows(page: Page): Promise<Row[]> {
  const raw = await table(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '');
        return {
          name: tr.querySelector('th a')?.textContent ?? '',
          href: tr.querySelector('th a')?.getAttribute('href') ?? '',
          type: cells[0] ?? '',
          thc: cells[1] ?? '',
          prices: cells.slice(2),
        };
      }),
    );
  return raw.map((r) => ({
    name: r.name,
    href: r.href,
    type: r.type,
    thc: parsePercent(r.thc),
    cells: r.prices.map((p) => ({ text: p.replace(/uitverkocht$/, '').trim(), soldOut: p.endsWith('uitverkocht') })),
  }));
}

const headers = (page: Page) => table(page).locator('thead th').evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').replace('▾', '').trim()));
const sortedColumn = (page: Page) =>
  table(page)
    .locator('thead th[aria-sort]')
    .evaluateAll((ths) => ths.map((th) => [(th.textContent ?? '').replace('▾', '').trim(), th.getAttribute('aria-sort')]));
const byName = (a: string, b: string) => a.localeCompare(b, 'nl');

describe('price list', () => {
  it('lists all 84 strains with a price for 1, 3, 5 and 10 seeds, sorted by name', async () => {
    const page = await newPage();
    const response = await open(page, '/prijslijst');
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('Prijslijst');
    expect(await page.locator('main').innerText()).toContain('met hun prijs in EUR');
    expect(await headers(page)).toEqual(COLUMNS);
    const list = await rows(page);
    expect(list).toHaveLength(STRAIN_COUNT);
    expect(new Set(list.map((r) => r.href)).size).toBe(STRAIN_COUNT);
    for (const r of list) {
      expect(r.href, r.name).toMatch(/^\/product\/[a-z0-9-]+$/);
      expect(r.cells, r.name).toHaveLength(4);
      for (const c of r.cells) expect(c.text, r.name).toMatch(/^(€\s\d+,\d{2}|—)$/);
      // Bigger packs cost more in total.
      const prices = r.cells.filter((c) => c.text !== '—').map((c) => parseMoney(c.text));
      expect(prices, r.name).toEqual([...prices].sort((a, b) => a - b));
    }
    expect(list.map((r) => r.name)).toEqual(list.map((r) => r.name).sort(byName));
    expect(await sortedColumn(page)).toEqual([['Soort', 'ascending']]);
    // Some packs are sold out; they say so.
    expect(list.some((r) => r.cells.some((c) => c.soldOut))).toBe(true);
  });

  it('a row’s prices are the product page’s pack prices', async () => {
    const page = await newPage();
    await open(page, '/prijslijst');
    const row = (await rows(page)).find((r) => r.name === 'Northern Lights')!;
    expect(row).toBeTruthy();
    await table(page).getByRole('link', { name: 'Northern Lights', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(row.href);
    await page.getByRole('heading', { level: 1, name: 'Northern Lights' }).waitFor();
    const packPrices = await page.locator('input[type="radio"][name="pack"]').evaluateAll((inputs) =>
      inputs.map((i) => ((i.closest('label') as HTMLElement).innerText.split('\n')[1] ?? '').trim()),
    );
    expect(packPrices).toEqual(row.cells.map((c) => c.text));
  });

  it('the THC sort link puts the highest THC first (client-side, aria-sort descending)', async () => {
    const page = await newPage();
    await open(page, '/prijslijst');
    const before = await rows(page);
    const highest = Math.max(...before.map((r) => r.thc));
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await table(page).getByRole('link', { name: 'Sorteer op THC' }).click();
    await expect.poll(() => param(page, 'sorteer')).toEqual(['thc']);
    await routerIdle(page);
    await expect.poll(async () => (await rows(page))[0]?.thc).toBe(highest);
    const after = await rows(page);
    expect(after).toHaveLength(STRAIN_COUNT);
    const thc = after.map((r) => r.thc);
    expect(thc).toEqual([...thc].sort((a, b) => b - a));
    expect(after.map((r) => r.name).sort(byName)).toEqual(before.map((r) => r.name).sort(byName));
    expect(await sortedColumn(page)).toEqual([['THC', 'descending']]);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  it('the "1 zaadje" column sorts by price, cheapest first; "Soort" sorts by name again', async () => {
    const page = await newPage();
    await open(page, '/prijslijst?sorteer=thc');
    await table(page).getByRole('link', { name: '1 zaadje' }).click();
    await expect.poll(() => param(page, 'sorteer')).toEqual(['prijs']);
    await routerIdle(page);
    await expect.poll(() => sortedColumn(page)).toEqual([['1 zaadje', 'ascending']]);
    const single = (await rows(page)).map((r) => (r.cells[0]!.text === '—' ? Infinity : parseMoney(r.cells[0]!.text)));
    expect(single).toEqual([...single].sort((a, b) => a - b));

    await table(page).getByRole('link', { name: 'Sorteer op Soort' }).click();
    await expect.poll(() => param(page, 'sorteer')).toEqual(['naam']);
    await routerIdle(page);
    await expect.poll(() => sortedColumn(page)).toEqual([['Soort', 'ascending']]);
    const names = (await rows(page)).map((r) => r.name);
    expect(names).toEqual([...names].sort(byName));
  });

  it('an unknown sort falls back to the name order', async () => {
    const page = await newPage();
    const response = await open(page, '/prijslijst?sorteer=bogus');
    expect(response?.status()).toBe(200);
    expect(await sortedColumn(page)).toEqual([['Soort', 'ascending']]);
  });

  it('after changing the region to the UK, prices show £ (and no €)', async () => {
    const page = await newPage();
    await open(page, '/prijslijst');
    await openRegionModal(page);
    await chooseRegion(page, 'uk');
    await toastSaying(page, 'Je regio is nu Verenigd Koninkrijk.');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/prijslijst');
    await expect.poll(async () => (await rows(page))[0]?.cells[0]?.text).toMatch(/^£/);
    const list = await rows(page);
    expect(list).toHaveLength(STRAIN_COUNT);
    for (const r of list) for (const c of r.cells) expect(c.text, r.name).toMatch(/^(£\s\d+,\d{2}|—)$/);
    expect(await table(page).innerText()).not.toContain('€');
    expect(await page.locator('main').innerText()).toContain('met hun prijs in GBP');
  });

  it('works without JavaScript: the sort links are plain links', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/prijslijst');
    await table(page).getByRole('link', { name: 'Sorteer op THC' }).click();
    await page.waitForURL((u) => u.searchParams.get('sorteer') === 'thc');
    const thc = (await rows(page)).map((r) => r.thc);
    expect(thc).toEqual([...thc].sort((a, b) => b - a));
  });


  for (const viewport of [MOBILE, DESKTOP]) {
    it(`sorted by THC at ${viewport.width}px: axe clean, screenshot`, async () => {
      const page = await newPage({ viewport });
      await open(page, '/prijslijst?sorteer=thc');
      await settled(page);
      await expectAxeClean(page);
      await screenshot(page, `prijslijst-thc-${viewport.width}`);
    });
  }
});
