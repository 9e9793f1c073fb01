// Browser helpers for the e2e suite (see global-setup.ts for the servers): one Chromium per worker (Debian's
// headless shell, or CHROMIUM_PATH) with the flags that keep it off the network, a context per page that acts as its own
// visitor, console errors failing the test, and waits, axe checks and screenshots.
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Locator, type Page, type PageScreenshotOptions } from 'playwright-core';
import { afterEach, expect, inject } from 'vitest';
import { chromiumPath } from '../../scripts/test-browser.mjs';

/** This worker's server (global-setup.ts): its address, and its data directory (mail outbox, the CLIs). */
const ownServer = () => inject('servers')[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % inject('servers').length]!;
export const baseURL = () => ownServer().baseURL;
export const dataDir = () => ownServer().dataDir;
export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };
// Headless Chromium announces itself as a bot, and bots never see the age gate: tests act as a person.
export const PERSON_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

// A random start: every test file counts from here in its own worker.
let visitors = Math.floor(Math.random() * 60_000);
/**
 * Each browser context is its own visitor: the server trusts X-Forwarded-For from loopback (as from its
 * reverse proxy), so per-client rate limits (log-in, sign-up) count per context, not per test run.
 */
export const visitorAddress = () => `198.18.${Math.floor(++visitors / 250) % 250}.${(visitors % 250) + 1}`;

// --renderer-process-limit=1: a new page joins a renderer its context already has instead of starting one (ADR 041
// addendum; a context's renderers are its own, so visitors stay apart).
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--renderer-process-limit=1'];


/** Screenshots are for people: taken on a developer's machine, and on CI only with SCREENSHOTS=1. */
const SCREENSHOTS = !process.env.CI || process.env.SCREENSHOTS === '1';

/**
 * One Chromium per worker for all its files (isolate: false keeps this module), launched on first use; Playwright
 * closes it when the worker exits. Where no screenshot is taken it loads no images (a quarter of the CPU of the
 * listing and home pages, ADR 041 addendum 2); a test about images asks for `images: true` and gets a second one.
 */
const running = new Map<boolean, Promise<Browser>>();
function sharedBrowser(images: boolean): Promise<Browser> {
  let browser = running.get(images);
  if (!browser) {
    const args = images ? LAUNCH_ARGS : [...LAUNCH_ARGS, '--blink-settings=imagesEnabled=false'];
    browser = chromium.launch({ executablePath: chromiumPath(), args }).then((b) => {
      b.on('disconnected', () => running.delete(images));
      return b;
    });
    running.set(images, browser);
  }
  return browser;
}

/**
 * Contexts outlive the test that used them, per set of options: a fresh context pays ~0.7 s of CPU on its
 * first page (an empty HTTP and code cache), about half of what a page costs the run. Before a context serves
 * the next visitor it loses its cookies, storage, routes and headers; one whose clock a test installed is
 * closed instead, as Playwright cannot take a clock out.
 */
const idle = new Map<string, BrowserContext[]>();
const clocked = new WeakSet<BrowserContext>();
/**
 * A blank page that a pooled context keeps open for its lifetime, never handed to a test: it keeps the context's
 * renderer process alive between tests, so the next test's page starts in a warm process. A new renderer costs
 * ~180 ms of CPU on a machine whose page faults are slow (ADR 041 addendum).
 */
const keepers = new WeakSet<Page>();
/** Contexts made with `javaScriptEnabled: false`: axe cannot run in their pages (see expectAxeClean). */
const scriptless = new WeakSet<BrowserContext>();
const testPages = (context: BrowserContext) => context.pages().filter((p) => !keepers.has(p));

async function resetContext(context: BrowserContext, origin: string) {
  await Promise.all(testPages(context).map((p) => p.close()));
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb,cache_storage,service_workers' });
  await cdp.detach();
  return page;
}

/**
 * Every page records console errors and uncaught exceptions; after each test its contexts go back to the
 * pool and a test that produced any error fails (unless ignoreErrors took it out).
 */
export function useBrowser() {
  const inUse: { context: BrowserContext; key: string | null }[] = [];
  const errors: string[] = [];

  afterEach(async () => {
    const released = inUse.splice(0);
    await Promise.all(
      released.map(async ({ context, key }) => {
        if (key === null || clocked.has(context)) return context.close();
        await Promise.all(testPages(context).map((p) => p.close()));
        if (!idle.has(key)) idle.set(key, []);
        idle.get(key)!.push(context);
      }),
    );
    const seen = errors.splice(0);
    // The messages in the assertion's own text: a CI summary of a retried test shows them, not only their count.
    expect(seen, `browser console errors:\n${seen.join('\n')}`).toEqual([]);
  });

  /**
   * A page in a context of its own: a person (not a bot) on desktop, from its own client address, who passed
   * the age gate and made the necessary-only cookie choice. `adult: false` meets the age gate; `consented:
   * false` is a first visit that has not made its cookie choice yet (the banner shows); `keepConsole:
   * false` sees the console as shoppers do: silenced by the shop (SPEC §8); `images: true` loads images also where
   * no screenshot is taken. Other context options pass on.
   */
  async function newPage(opts: BrowserContextOptions & { adult?: boolean; keepConsole?: boolean; consented?: boolean; images?: boolean } = {}): Promise<Page> {
    const { adult = true, keepConsole = true, consented = true, images = SCREENSHOTS, extraHTTPHeaders, ...contextOptions } = opts;
    const options = { baseURL: baseURL(), viewport: DESKTOP, locale: 'nl-NL', userAgent: PERSON_UA, ...contextOptions };
    // A stored state is its own visitor: such a context is not pooled.
    const key = contextOptions.storageState ? null : JSON.stringify({ ...options, keepConsole, images });
    const origin = new URL(options.baseURL).origin;
    const headers = { 'X-Forwarded-For': visitorAddress(), ...extraHTTPHeaders };
    let context = key === null ? undefined : idle.get(key)?.pop();
    let page: Page;
    if (context) {
      page = await resetContext(context, origin);
      await context.setExtraHTTPHeaders(headers);
    } else {
      context = await (await sharedBrowser(images)).newContext({ ...options, extraHTTPHeaders: headers });
      if (keepConsole) await context.addInitScript(() => ((window as { __kkConsole?: boolean }).__kkConsole = true));
      const install = context.clock.install.bind(context.clock);
      const ctx = context;
      context.clock.install = (...args) => (clocked.add(ctx), install(...args));
      if (key !== null) keepers.add(await context.newPage());
      page = await context.newPage();
    }
    inUse.push({ context, key });
    if (contextOptions.javaScriptEnabled === false) scriptless.add(context);
    // Fail a stuck wait with the locator it was waiting for, well before the test's own timeout.
    context.setDefaultTimeout(15_000);
    if (adult) await context.addCookies([{ name: 'age_verified', value: '1', url: origin }]);
    // Like a returning visitor, the suite has made its cookie choice (necessary only) unless a test asks.
    if (consented) await context.addCookies([{ name: 'consent', value: 'v1.s0.m0', url: origin }]);
    // React Router lets the AbortError of a request it cancelled itself (a loader or route discovery superseded by
    // the next navigation or submission) escape as an uncaught error: remix-run/react-router#14203, fix proposed in
    // #14761. It is the router dropping a request nobody waits for, not the shop failing, so only that one message
    // is left out; every other error still fails the test.
    const superseded = (text: string) => text.endsWith('signal is aborted without reason');
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !superseded(msg.text())) errors.push(`${page.url()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => {
      if (!superseded(err.message)) errors.push(`${page.url()}: ${err.message}`);
    });
    return page;
  }

  /** Allows an expected failing resource (e.g. a 404 document) without failing the test. */
  function ignoreErrors(pattern: RegExp) {
    const keep = errors.filter((e) => !pattern.test(e));
    errors.splice(0, errors.length, ...keep);
  }

  return { newPage, ignoreErrors };
}

/** Waits until React has hydrated the page (root sets the flag). */
export async function hydrated(page: Page) {
  await page.waitForSelector('html[data-hydrated="true"]');
}

/**
 * `exclude`: CSS selectors left out of the check, only for a known, reported app bug (see its it.todo).
 * A page without JavaScript is checked as a copy: its document as shown (scripts taken out, what `<noscript>` shows
 * kept) served at its own address to a page that runs scripts. In the page itself axe would wait forever: Chromium
 * evaluates the injected source there but, with scripting disabled, never runs the timers and callbacks axe.run
 * awaits, so the check neither passes nor fails (the "hung" no-JS store-credit test of ADR 073).
 */
export async function expectAxeClean(page: Page, { exclude = [] }: { exclude?: string[] } = {}) {
  // The page as it settles: the loading bar (a transient progressbar above the header) shows while a submit's
  // answer or a revalidation is still on its way, which a loaded machine stretches to seconds.
  await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
  if (!scriptless.has(page.context())) return runAxe(page, exclude);
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<(\/?)noscript\b/gi, '<$1div');
  const address = page.url();
  const copy = await page.context().browser()!.newContext({ viewport: page.viewportSize() ?? DESKTOP, locale: 'nl-NL', userAgent: PERSON_UA });
  try {
    const shown = await copy.newPage();
    await shown.route((u) => u.href === address, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await shown.goto(address);
    await runAxe(shown, exclude);
  } finally {
    await copy.close();
  }
}

async function runAxe(page: Page, exclude: string[]) {
  // Legacy mode: axe runs in the page itself instead of aggregating in a new blank page (the shop has no
  // cross-origin frames); only violations get their nodes’ selectors worked out. Together ~70 % less CPU per check.
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  for (const selector of exclude) builder = builder.exclude(selector);
  // Bounded: a check that cannot finish fails with this message instead of holding the test to its timeout.
  const results = await Promise.race([
    builder.analyze(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`axe did not finish on ${page.url()} in 60 s`)), 60_000).unref()),
  ]);
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * A page judged at both widths: axe and a screenshot at 1280 px, then at 375 px with no sideways scroll, and back to
 * 1280. `shoot` takes the screenshot under the name given (a back-office one also goes to BO_SHOTS_DIR).
 */
export async function judged(page: Page, name: string, shoot: (page: Page, name: string) => Promise<void>) {
  await expectAxeClean(page);
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(MOBILE);
  await expectAxeClean(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scroll at 375 px`).toBeLessThanOrEqual(MOBILE.width);
  await shoot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
}

/**
 * Screenshots go to test-results/screens for people to look at; they are not compared. Nobody looks at
 * them on CI, where they cost about a minute of the run: there only with SCREENSHOTS=1.
 */
export async function screenshot(target: Page | Locator, name: string, options: Omit<PageScreenshotOptions, 'path'> = {}) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync('test-results/screens', { recursive: true });
  const path = `test-results/screens/${name}.png`;
  // A part (a Locator) is shot as it is; a page in full unless the options say otherwise (a dialog: the viewport).
  await ('goto' in target ? target.screenshot({ fullPage: true, ...options, path }) : target.screenshot({ path }));
}
