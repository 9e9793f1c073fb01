// Strain comparison (ADR 066): chosen from cards and the product page with plain links (also without JavaScript),
// /vergelijken shows the fields side by side with differences marked, the address is shareable, at most four with
// a Dutch notice, unknown slugs ignored with a notice; axe; 375 and 1280 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { open } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const chosen = (page: Page) => new URL(page.url()).searchParams.get('soorten')?.split(',').filter(Boolean) ?? [];
const columns = (page: Page) => page.getByTestId('compare-table').locator('thead th').count();

describe('strain comparison', () => {
  it('without JavaScript: chooses from the cards and the product page, refuses a fifth, removes one, and shares the address', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/product');
    const slugs = await page.getByTestId('product-card').locator('h3 a').evaluateAll((as) => as.slice(0, 5).map((a) => a.getAttribute('href')!.split('/').pop()!));
    await page.getByTestId('product-card').nth(0).getByTestId('compare-link').click();
    await page.waitForURL(/\/vergelijken\?soorten=/);
    expect(chosen(page)).toEqual([slugs[0]]);
    await expect.poll(() => page.getByText('Kies nog een soort om te vergelijken').count()).toBe(1);

    for (const i of [1, 2]) {
      await page.goto('/product');
      await page.getByTestId('product-card').nth(i).getByTestId('compare-link').click();
      await page.waitForURL((u) => (u.searchParams.get('soorten') ?? '').split(',').length === i + 1);
    }
    // The fourth from its product page.
    await page.goto(`/product/${slugs[3]}`);
    await page.getByTestId('compare-link').first().click();
    await page.waitForURL((u) => (u.searchParams.get('soorten') ?? '').split(',').length === 4);
    expect(chosen(page)).toEqual(slugs.slice(0, 4));
    expect(await columns(page)).toBe(5);
    expect(await page.locator('tr[data-differs]').count()).toBeGreaterThan(0);
    expect(await page.locator('tr[data-differs] th').first().textContent()).toContain('verschilt');

    await page.goto('/product');
    await page.getByTestId('product-card').nth(4).getByTestId('compare-link').click();
    await page.waitForURL(/niet-toegevoegd=/);
    expect(chosen(page)).toEqual(slugs.slice(0, 4));
    expect(await page.getByTestId('compare-notice').textContent()).toContain('Je kunt tot 4 soorten tegelijk vergelijken.');

    await page.getByTestId('compare-remove').nth(1).click();
    await page.waitForURL((u) => (u.searchParams.get('soorten') ?? '').split(',').length === 3);
    expect(chosen(page)).toEqual([slugs[0], slugs[2], slugs[3]]);
    const shared = await page.getByTestId('compare-share').getAttribute('href');
    expect(shared).toBe(`/vergelijken?soorten=${[slugs[0], slugs[2], slugs[3]].join(',')}`);

    // Another visitor opens the shared address and sees the same comparison.
    const other = await newPage();
    await open(other, shared!);
    expect(await columns(other)).toBe(4);
  });

  it('ignores unknown and malformed slugs with a notice, never an error, and is not cached', async () => {
    const page = await newPage();
    const response = await page.goto('/vergelijken?soorten=bestaat-niet,%3Cscript%3E,skunk-1');
    expect(response!.status()).toBe(200);
    expect(response!.headers()['cache-control']).toContain('no-store');
    expect(await page.getByTestId('compare-notice').textContent()).toContain('Deze soorten kennen we niet en zijn overgeslagen: <script>, bestaat-niet.');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
  });

  it('is readable and accessible at 375 and 1280 px', async () => {
    for (const [viewport, name] of [
      [MOBILE, '375'],
      [DESKTOP, '1280'],
    ] as const) {
      const page = await newPage({ viewport });
      await open(page, '/vergelijken?soorten=skunk-1,white-widow,amnesia-haze');
      expect(await columns(page)).toBeGreaterThanOrEqual(3);
      await expectAxeClean(page);
      await screenshot(page, `compare-${name}`);
    }
  });
});
