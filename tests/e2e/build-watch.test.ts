// New-build detection: a changed /_build/latest.json id turns the next link click into a full page load.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './browser.ts';
import { footer, open, toasts } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const NEW_VERSION = 'Er is een nieuwe versie van de winkel. De pagina wordt vernieuwd bij je volgende klik.';
const RELOAD_KEY = 'kk:reload-at';

type Win = { __marker?: number };

/** Answers the build check with `id` and counts the checks. */
async function fakeLatestBuild(page: Page, id: string | (() => string)) {
  const calls: string[] = [];
  await page.route('**/_build/latest.json*', async (route) => {
    calls.push(route.request().url());
    await route.fulfill({ json: { id: typeof id === 'string' ? id : id() }, headers: { 'cache-control': 'no-store' } });
  });
  return calls;
}

const becameVisible = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
const setMarker = (page: Page) => page.evaluate(() => ((window as unknown as Win).__marker = 1));
const marker = (page: Page) => page.evaluate(() => (window as unknown as Win).__marker);
/**
 * The watcher loads after hydration, so a visibilitychange sent right after the page opened can come before it
 * listens: send it until a check arrives. The first check also loads the checker's fetch helper, so that any
 * later check fetches at once.
 */
async function firstCheck(page: Page, calls: string[]) {
  const before = calls.length;
  await expect.poll(async () => (await becameVisible(page), calls.length)).toBeGreaterThan(before);
  // The last event sent may have started one more check: let it reach the server before the test goes on.
  return (await checksSoFar(page, calls)).length;
}
/** Sends visibilitychange until the watcher, mounted after hydration, shows the new-version toast. */
async function warned(page: Page) {
  const toast = toasts(page).filter({ hasText: NEW_VERSION });
  await expect.poll(async () => (await becameVisible(page), toast.count())).toBeGreaterThan(0);
}
/** The checks made before now: a request the page makes last is routed after every earlier one. */
async function checksSoFar(page: Page, calls: string[]) {
  await page.evaluate(() => fetch('/_build/latest.json?probe=1'));
  expect(calls.at(-1)).toContain('probe=1');
  return calls.filter((c) => !c.includes('probe=1'));
}
const reloadAt = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), RELOAD_KEY);

async function runningBuildId() {
  return ((await (await fetch(`${baseURL()}/_build/latest.json`)).json()) as { id: string }).id;
}

/** Clicks a footer link and records the documents (full page loads) requested meanwhile. */
async function clickFooterLink(page: Page, name: string) {
  const documents: Request[] = [];
  const onRequest = (r: Request) => {
    if (r.resourceType() === 'document') documents.push(r);
  };
  page.on('request', onRequest);
  await footer(page).getByRole('link', { name, exact: true }).click();
  return {
    documents,
    stop: () => page.off('request', onRequest),
  };
}

/**
 * Clicks a footer link that must cause a full page load to `path`, and waits for the new document to be
 * hydrated. (The router's own data request can finish first and pushState the old document to `path`,
 * so waiting for the address alone could look at the old document.)
 */
async function clickForFullLoad(page: Page, name: string, path: string) {
  const documentLoaded = page.waitForResponse((r) => r.request().resourceType() === 'document' && new URL(r.url()).pathname === path);
  await footer(page).getByRole('link', { name, exact: true }).click();
  await documentLoaded;
  // Between two documents there is a moment without a documentElement.
  await page.waitForFunction(
    (p) => !('__marker' in window) && document.documentElement?.dataset.hydrated === 'true' && location.pathname === p,
    path,
  );
}

describe('new-build detection', () => {
  it('checks /_build/latest.json with a cache-busting query when the tab becomes visible', async () => {
    const page = await newPage();
    const calls = await fakeLatestBuild(page, await runningBuildId());
    await open(page, '/');
    await firstCheck(page, calls);
    expect(calls.filter((c) => !c.includes('probe=1')).at(-1)).toMatch(/\/_build\/latest\.json\?t=\d+$/);
  });

  it('does not check while the tab is hidden', async () => {
    const page = await newPage();
    let id = await runningBuildId();
    const calls = await fakeLatestBuild(page, () => id);
    await open(page, '/');
    const checked = await firstCheck(page, calls);
    id = 'another-build';
    await page.evaluate(() => Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true }));
    await becameVisible(page);
    expect(await checksSoFar(page, calls)).toHaveLength(checked);
    expect(await toasts(page).count()).toBe(0);
  });

  it('the same build id: no toast, links stay client-side', async () => {
    const page = await newPage();
    const calls = await fakeLatestBuild(page, await runningBuildId());
    await open(page, '/');
    await setMarker(page);
    await firstCheck(page, calls);
    const click = await clickFooterLink(page, 'Veelgestelde vragen');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/faq');
    await page.getByRole('heading', { level: 1, name: 'Veelgestelde vragen' }).waitFor();
    click.stop();
    expect(click.documents).toHaveLength(0);
    expect(await marker(page)).toBe(1);
    expect(await reloadAt(page)).toBeNull();
    expect(await toasts(page).filter({ hasText: NEW_VERSION }).count()).toBe(0);
  });

  it('a new build id: toast, then the next link click is a full page load', async () => {
    const page = await newPage();
    await fakeLatestBuild(page, 'a-newer-build');
    await open(page, '/');
    await setMarker(page);
    await warned(page);
    expect(await reloadAt(page)).toBeNull();

    const before = Date.now();
    await clickForFullLoad(page, 'Veelgestelde vragen', '/faq');
    expect(new URL(page.url()).pathname).toBe('/faq');
    expect(await marker(page)).toBeUndefined();
    const stamp = Number(await reloadAt(page));
    expect(stamp).toBeGreaterThanOrEqual(before - 1000);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    await page.getByRole('heading', { level: 1, name: 'Veelgestelde vragen' }).waitFor();
  });

  it('reloads at most once per 10 s: a second new build right after stays client-side', async () => {
    const page = await newPage();
    await fakeLatestBuild(page, 'a-newer-build');
    await open(page, '/');
    await warned(page);
    await clickForFullLoad(page, 'Veelgestelde vragen', '/faq');
    const stamp = await reloadAt(page);
    expect(stamp).not.toBeNull();

    // The reloaded page still sees a different id (e.g. a broken deploy): it warns again, but does not reload.
    await setMarker(page);
    await warned(page);
    // The reload must have been less than 10 s ago; a slow machine must not turn this into a pass for the wrong reason.
    expect(Date.now() - Number(stamp)).toBeLessThan(9_000);
    const second = await clickFooterLink(page, 'Sitemap');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sitemap');
    await page.getByRole('heading', { level: 1, name: 'Sitemap' }).waitFor();
    second.stop();
    expect(second.documents).toHaveLength(0);
    expect(await marker(page)).toBe(1);
    expect(await reloadAt(page)).toBe(stamp);
  });

  it('after the 10 s guard has passed, a new build reloads again', async () => {
    const page = await newPage();
    await fakeLatestBuild(page, 'a-newer-build');
    await open(page, '/');
    // An automatic reload happened 11 s ago in this tab.
    const earlier = await page.evaluate((key) => {
      const t = Date.now() - 11_000;
      sessionStorage.setItem(key, String(t));
      return String(t);
    }, RELOAD_KEY);
    await setMarker(page);
    await warned(page);
    await clickForFullLoad(page, 'Sitemap', '/sitemap');
    expect(await marker(page)).toBeUndefined();
    expect(Number(await reloadAt(page))).toBeGreaterThan(Number(earlier));
  });

  it('polls every 60 s', async () => {
    const page = await newPage();
    await page.clock.install();
    let id = await runningBuildId();
    const calls = await fakeLatestBuild(page, () => id);
    await open(page, '/');
    expect(calls).toHaveLength(0);
    const checked = await firstCheck(page, calls);
    id = 'a-newer-build';
    await page.clock.fastForward(59_000);
    // Nothing is due yet.
    expect(await checksSoFar(page, calls)).toHaveLength(checked);
    await page.clock.fastForward(2_000);
    await expect.poll(async () => (await checksSoFar(page, calls)).length).toBe(checked + 1);
    await toasts(page).filter({ hasText: NEW_VERSION }).waitFor();
  });
});
