// After hydration React Router discovers the routes of the page's links (/__manifest) and patches them in without
// rendering the page again (ADR 049); a link to a discovered route is still a client-side navigation.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, useBrowser } from './browser.ts';
import { nextFrame, open, settled } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

// React reports every commit to the DevTools hook when one is installed before it loads.
const COUNT_COMMITS = `window.__commits = 0;
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1; },
  onCommitFiberRoot() { window.__commits++; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };`;
const commits = (page: Page) => page.evaluate(() => (window as unknown as { __commits: number }).__commits);
const manifestFor = (page: Page, path: string) =>
  page.waitForResponse((r) => r.url().includes('/__manifest?') && new URL(r.url()).searchParams.get('paths')!.split(',').includes(path));

describe('route discovery', () => {
  it('patches a newly discovered route in without rendering the page again', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.addInitScript(COUNT_COMMITS);
    await open(page, '/faq');
    await page.waitForLoadState('networkidle');
    await settled(page);
    const before = await commits(page);
    expect(before).toBeGreaterThan(0);
    // A link to a route nothing on the page leads to yet: React Router discovers it as it does a rendered link.
    const discovered = manifestFor(page, '/product/northern-lights/beoordelen');
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/product/northern-lights/beoordelen';
      a.dataset.discover = 'true';
      document.body.append(a);
    });
    await discovered;
    // Patched in: a render it caused would be committed by the next frame.
    await page.waitForFunction(() =>
      Object.values((window as unknown as { __reactRouterManifest: { routes: Record<string, { path?: string }> } }).__reactRouterManifest.routes).some((r) =>
        r.path?.includes('beoordelen'),
      ),
    );
    await nextFrame(page);
    expect(await commits(page)).toBe(before);
  });

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
