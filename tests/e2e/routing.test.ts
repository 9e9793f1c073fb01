// Routing in the browser: the not-found page, /404, trailing slashes, redirects and the renew flag.
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './browser.ts';
import { COLLECTION_LINKS, ageGate, cookieNamed, interactive, open, openErrorPage } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

describe('not-found page', () => {
  for (const path of ['/bestaat-niet', '/collecties/onbekend', '/collecties/landrace/1', '/product/onbekend', '/404']) {
    it(`${path} answers 404 with the not-found page`, async () => {
      const page = await newPage();
      const response = await openErrorPage(page, path);
      expect(response?.status()).toBe(404);
      const nf = page.getByTestId('not-found');
      await nf.waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      expect(await nf.locator('h1').innerText()).toBe('Oeps! Nothing here');
      const text = await nf.innerText();
      expect(text).toContain('This page does not exist (anymore)');
      expect(text).toContain('You might want to browse any of these collections');
      expect(text).toContain(`Page Not Found: ${path}`);
      const collectionLinks = nf.locator('ul a');
      expect(await collectionLinks.count()).toBe(8);
      for (const [name, href] of Object.entries(COLLECTION_LINKS)) {
        const link = nf.getByRole('link', { name, exact: true });
        expect(await link.getAttribute('href')).toBe(href);
      }
      const hrefs = await collectionLinks.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      for (const href of hrefs) expect(href).toMatch(/^\/collecties\/[a-z0-9-]+$/);
      expect(new Set(hrefs).size).toBe(8);
      // The layout is there too (header and footer).
      expect(await page.getByTestId('disclaimer').count()).toBe(1);
      ignoreErrors(/status of 404/);
    });
  }

  it('the page title names the missing path and the page is not indexed', async () => {
    const page = await newPage();
    await openErrorPage(page, '/weg-ermee');
    expect(await page.title()).toBe('Page Not Found: /weg-ermee');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    ignoreErrors(/status of 404/);
  });

  it('a client-side navigation to a missing page shows the not-found page with its path', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    // No page links to a missing page; navigate the way a <Link> would, through the app's router.
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(
        '/collecties/onbekend',
      ),
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe('/collecties/onbekend');
    await expect.poll(() => page.getByTestId('not-found').count()).toBe(1);
    expect(await page.getByTestId('not-found').innerText()).toContain('Page Not Found: /collecties/onbekend');
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    ignoreErrors(/status of 404/);
  });

  it('a collection link on the not-found page opens that collection client-side', async () => {
    const page = await newPage();
    await openErrorPage(page, '/bestaat-niet');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.getByTestId('not-found').getByRole('link', { name: 'Landrace', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/collecties/landrace');
    await page.getByRole('heading', { level: 1, name: 'Landrace' }).waitFor();
    expect(await page.getByTestId('not-found').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    ignoreErrors(/status of 404/);
  });

  it('the home link on the not-found page goes home', async () => {
    const page = await newPage();
    await openErrorPage(page, '/bestaat-niet');
    await page.getByRole('link', { name: 'Terug naar de homepage' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: /cannabiszaden/ }).waitFor();
    expect(await page.getByTestId('not-found').count()).toBe(0);
    ignoreErrors(/status of 404/);
  });

  it('the not-found page sets html[data-hydrated="true"] once hydrated', async () => {
    const page = await newPage();
    const response = await page.goto('/bestaat-niet');
    expect(response?.status()).toBe(404);
    await page.waitForSelector('html[data-hydrated="true"]');
    ignoreErrors(/status of 404/);
  });
});

describe('redirects in the browser', () => {
  it('a trailing slash ends at the address without it, query kept', async () => {
    const page = await newPage();
    const response = await open(page, '/faq/?a=1');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/faq?a=1');
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${baseURL()}/faq/?a=1`);
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
    await page.getByRole('heading', { level: 1, name: 'Veelgestelde vragen' }).waitFor();
  });

  it('/test123 ends at the home page', async () => {
    const page = await newPage();
    await open(page, '/test123');
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('?renew=true', () => {
  it('clears cookies, localStorage and sessionStorage, then lands on the address without the flag', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await page.context().addCookies([{ name: 'kk_test', value: 'keep-me?', url: baseURL() }]);
    await page.evaluate(() => {
      localStorage.setItem('kk:test', '1');
      sessionStorage.setItem('kk:test', '1');
    });
    expect(await cookieNamed(page, 'kk_test')).toBeTruthy();

    const documents: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) documents.push(f.url());
    });
    await page.goto('/faq?renew=true&x=1&y=2', { waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/faq?x=1&y=2');
    await page.locator('h1').waitFor();

    expect(documents[0]).toContain('renew=true');
    expect(await cookieNamed(page, 'kk_test')).toBeUndefined();
    // The age confirmation is a cookie too: renewing forgets it, so the gate asks again.
    expect(await cookieNamed(page, 'age_verified')).toBeUndefined();
    await ageGate(page).waitFor();
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    expect(await page.evaluate(() => localStorage.getItem('kk:test'))).toBeNull();
  });

  it('a client-side navigation to ?renew=true clears them too (no full page load)', async () => {
    const page = await newPage();
    await open(page, '/');
    await page.context().addCookies([{ name: 'kk_test', value: '1', url: baseURL() }]);
    await page.evaluate(() => {
      localStorage.setItem('kk:test', '1');
      sessionStorage.setItem('kk:test', '1');
      (window as unknown as { __marker: number }).__marker = 1;
    });
    // No page links to ?renew=true; navigate the way a <Link> would, through the app's router.
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(
        '/faq?renew=true&x=1',
      ),
    );
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/faq?x=1');
    // The server expired the (HttpOnly) age cookie on the way, so the page that loads asks again.
    await ageGate(page).waitFor();
    expect(await page.locator('h1').innerText()).toBe('Veelgestelde vragen');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    expect(await cookieNamed(page, 'kk_test')).toBeUndefined();
    expect(await cookieNamed(page, 'age_verified')).toBeUndefined();
  });

  it('works on the home page without other parameters', async () => {
    const page = await newPage();
    await open(page, '/');
    await page.evaluate(() => localStorage.setItem('kk:test', '1'));
    await page.goto('/?renew=true', { waitUntil: 'commit' });
    await expect.poll(() => page.url()).toBe(`${baseURL()}/`);
    await interactive(page);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});
