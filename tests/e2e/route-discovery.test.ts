// After hydration React Router discovers the routes of the page's links (/__manifest); a link to a discovered route
// is a client-side navigation.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, useBrowser } from './browser.ts';
import { open } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const manifestFor = (page: Page, path: string) =>
  page.waitForResponse((r) => r.url().includes('/__manifest?') && new URL(r.url()).searchParams.get('paths')!.split(',').includes(path));

describe('route discovery', () => {
  it('a card on a listing leads to its product by a client-side navigation, with the route already known', async () => {
    const page = await newPage({ viewport: MOBILE });
    const discovered = manifestFor(page, '/product/northern-lights');
    await open(page, '/product');
    await discovered;
    // The answer is applied after its body is read: wait until nothing is in flight.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    // An undiscovered route makes the navigation itself ask for the path and its ancestors, nothing else. Other
    // requests are eager discovery of links that appear meanwhile (cards turning live, the product page's links).
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/__manifest?')) asked.push(new URL(r.url()).searchParams.get('paths')!);
    });
    await page.locator('[data-testid="product-card"] a[href="/product/northern-lights"]').click();
    await page.getByRole('heading', { level: 1, name: 'Northern Lights' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(asked).not.toContain('/product,/product/northern-lights');
  });
});
