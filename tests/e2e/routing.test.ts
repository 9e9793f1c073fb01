// Routing in the browser: the not-found page, /404, trailing slashes, redirects and the renew flag.
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './browser.ts';
import { COLLECTION_LINKS, ageGate, cookieNamed, interactive, open, openErrorPage } from './pages.ts';
import { type RunningServer, startServer } from './server.ts';

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

/** Navigates the way a <Link> would, through the app's router (no page links to these addresses). */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate(
    (target) => void (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(target),
    to,
  );
}
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 1);
const address = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

// SPEC §2's rules hold on an in-app navigation exactly as on a full page load, without reloading the page.
describe('routing rules on a client-side navigation', () => {
  it('a trailing slash ends at the address without it, query kept', async () => {
    const page = await newPage();
    await open(page, '/');
    await markDocument(page);
    await navigateInApp(page, '/faq/?a=1');
    await expect.poll(() => address(page)).toBe('/faq?a=1');
    await page.getByRole('heading', { level: 1, name: 'Veelgestelde vragen' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
  });

  it('a server redirect rule (/test123) ends at its target', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await markDocument(page);
    await navigateInApp(page, '/test123');
    await expect.poll(() => address(page)).toBe('/');
    await page.getByRole('heading', { level: 1, name: /cannabiszaden/ }).waitFor();
    expect(await sameDocument(page)).toBe(true);
  });

  it('/404 flags the not-found state and cancels the navigation; the next navigation leaves it', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await markDocument(page);
    await navigateInApp(page, '/404');
    const nf = page.getByTestId('not-found');
    await nf.waitFor();
    expect(await nf.innerText()).toContain('Page Not Found: /404');
    expect(address(page)).toBe('/faq');
    expect(await page.title()).toBe('Page Not Found: /404');
    expect(await page.locator('h1').count()).toBe(1);
    // The history did not grow: the navigation was cancelled, not made.
    expect(await page.evaluate(() => history.length)).toBe(2);
    await nf.getByRole('link', { name: 'Landrace', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Landrace' }).waitFor();
    expect(await nf.count()).toBe(0);
    expect(await sameDocument(page)).toBe(true);
  });
});

// Rules staff add to the redirect table: an external target leaves the site, a target that is not
// protocol-safe is never followed — on a full page load and on an in-app navigation alike. The rules are
// written straight into the database, so this runs on a server of its own on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('redirect rules staff add (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `kk_routing_${process.pid}_${Date.now()}`;
  const EXTERNAL = 'https://voorbeeld.example/kiemkracht';
  let admin: pg.Client;
  let server: RunningServer;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    server = await startServer({ DATABASE_URL: url.toString() });
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    await db.query(`insert into redirects (from_path, target, status) values ('/naar-buiten', $1, 302), ('/onveilig', 'javascript:alert(1)', 302)`, [EXTERNAL]);
    // The server may have read the table already (its start-up warms the caches): tell it to drop them.
    await db.query(`notify kk_cache, ''`);
    await db.end();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await admin?.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin?.end();
  });

  async function pageOnServer() {
    const page = await newPage({ baseURL: server.url });
    // The external site is answered here: the machine has no internet, and the test only needs to see that
    // the browser left the shop for it.
    await page.context().route(`${EXTERNAL}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elders</title><h1>Elders</h1>' }));
    return page;
  }

  it('an external target: a full page load leaves the site', async () => {
    const page = await pageOnServer();
    // Playwright answers only a navigation's first request, not the redirect it follows: the browser's
    // request for the external address is the proof (its lookup then fails on this closed machine).
    const [external] = await Promise.all([page.waitForRequest(EXTERNAL), page.goto('/naar-buiten').catch(() => null)]);
    expect(external.isNavigationRequest()).toBe(true);
    expect(external.redirectedFrom()?.url()).toBe(`${server.url}/naar-buiten`);
    expect((await external.redirectedFrom()?.response())?.status()).toBe(302);
  });

  it('an external target: an in-app navigation leaves the site too', async () => {
    const page = await pageOnServer();
    await open(page, '/faq');
    await navigateInApp(page, '/naar-buiten');
    await expect.poll(() => page.url()).toBe(EXTERNAL);
    expect(await page.title()).toBe('Elders');
  });

  it('a target that is not protocol-safe is never followed: the not-found page, full load and in-app', async () => {
    const page = await pageOnServer();
    const response = await openErrorPage(page, '/onveilig');
    expect(response?.status()).toBe(404);
    expect(await page.getByTestId('not-found').innerText()).toContain('Page Not Found: /onveilig');
    await open(page, '/faq');
    await navigateInApp(page, '/onveilig');
    await expect.poll(() => address(page)).toBe('/onveilig');
    await expect.poll(() => page.getByTestId('not-found').count()).toBe(1);
    expect(await page.getByTestId('not-found').innerText()).toContain('Page Not Found: /onveilig');
    ignoreErrors(/status of 404/);
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
