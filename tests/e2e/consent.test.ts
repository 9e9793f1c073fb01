// The cookie choice (necessary / statistics / marketing) and the third-party scripts it gates: the tag
// manager 3000 ms after the page loads (never for a bot), the marketing-email script on the second route
// change. Stub scripts on a local server stand in for the real ones; the browser's clock is driven by
// the test, so the timings are exact and quick.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, expectAxeClean, MOBILE, screenshot, useBrowser } from './browser.ts';
import { cookieNamed, GOOGLEBOT_UA, interactive, open, settled, toasts } from './pages.ts';
import { type RunningServer, startServer } from './server.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies op Kiemkracht' });

describe('the cookie choice', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`a first visit is asked, refusing is as easy as accepting; axe clean at ${viewport.width}px`, async () => {
      const page = await newPage({ viewport, consented: false });
      await open(page, '/');
      await banner(page).waitFor();
      const refuse = banner(page).getByRole('button', { name: 'Alleen noodzakelijk' });
      const accept = banner(page).getByRole('button', { name: 'Alles accepteren' });
      // boundingBox() does not wait: null while a button is not laid out (a loaded CI machine gave null even right
      // after waitFor() saw it visible), so each box is polled until it is there.
      const box = async (button: typeof refuse) => {
        let b: Awaited<ReturnType<typeof button.boundingBox>> = null;
        await expect.poll(async () => (b = await button.boundingBox())).not.toBeNull();
        return b!;
      };
      const [r, a] = [await box(refuse), await box(accept)];
      expect(r.height).toBe(a.height);
      expect(Math.abs(r.width - a.width)).toBeLessThan(2);
      expect(await refuse.getAttribute('class')).toBe(await accept.getAttribute('class'));
      // It blocks nothing: no dialog, the page behind stays usable.
      expect(await page.getByRole('dialog').count()).toBe(0);
      await settled(page);
      await expectAxeClean(page);
      await screenshot(page, `consent-${viewport.width}`);
      await banner(page).locator('summary', { hasText: 'Zelf kiezen' }).click();
      await screenshot(page, `consent-choices-${viewport.width}`);
      await refuse.click();
      await expect.poll(() => banner(page).count()).toBe(0);
      expect((await cookieNamed(page, 'consent'))?.value).toBe('v1.s0.m0');
      await expect.poll(() => toasts(page).first().innerText()).toContain('Je cookiekeuze is opgeslagen');
    });
  }

  it('"Cookie-instellingen" in the footer opens the choice again; "Zelf kiezen" saves the ticked kinds', async () => {
    const page = await newPage({ consented: false });
    await open(page, '/faq');
    await banner(page).getByRole('button', { name: 'Alles accepteren' }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect((await cookieNamed(page, 'consent'))?.value).toBe('v1.s1.m1');
    // The saved-choice toast can cover the footer link, and the pointer over it pauses its timer: close it, as a shopper would.
    const saved = toasts(page).filter({ hasText: 'Je cookiekeuze is opgeslagen' });
    await saved.getByRole('button', { name: 'Melding sluiten' }).click();
    await expect.poll(() => saved.count()).toBe(0);
    await page.getByTestId('cookie-settings').click();
    await banner(page).waitFor();
    await banner(page).locator('summary', { hasText: 'Zelf kiezen' }).click();
    // The current choice is ticked.
    expect(await banner(page).getByLabel(/^Statistiek/).isChecked()).toBe(true);
    await banner(page).getByLabel(/^Marketing/).uncheck();
    await banner(page).getByRole('button', { name: 'Keuze opslaan' }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect((await cookieNamed(page, 'consent'))?.value).toBe('v1.s1.m0');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/faq');
  });

  it('works without JavaScript', async () => {
    const page = await newPage({ consented: false, javaScriptEnabled: false });
    await page.goto('/blog');
    await banner(page).getByRole('button', { name: 'Alleen noodzakelijk' }).click();
    await page.waitForURL((u) => u.pathname === '/blog');
    await expect.poll(() => banner(page).count()).toBe(0);
    expect((await cookieNamed(page, 'consent'))?.value).toBe('v1.s0.m0');
  });

  it('with nothing configured no third-party request is made, whatever the choice, and the CSP names no other host', async () => {
    const page = await newPage({ consented: false });
    await page.clock.install();
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== baseURL()) foreign.push(r.url());
    });
    const response = await page.goto('/');
    await interactive(page);
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'; /);
    await banner(page).getByRole('button', { name: 'Alles accepteren' }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Blog' }).first().click();
    await page.waitForURL('**/blog');
    // Past the tag manager's delay on the page's own clock: a configured one would have loaded by now.
    await page.clock.runFor(3500);
    expect(foreign).toEqual([]);
  });

  it('a crawler is not asked', async () => {
    const page = await newPage({ consented: false, userAgent: GOOGLEBOT_UA });
    await page.goto('/');
    await page.locator('h1').waitFor();
    expect(await banner(page).count()).toBe(0);
  });
});

describe('third-party scripts with a stub tag manager and marketing script', () => {
  let stub: http.Server;
  let stubOrigin: string;
  const requested: string[] = [];
  let server: RunningServer;

  beforeAll(async () => {
    stub = http.createServer((req, res) => {
      requested.push(req.url!);
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      // Each stub notes when it ran, in ms since the page started loading.
      res.end(`(window.__stubs = window.__stubs || []).push(${JSON.stringify(req.url)}); (window.__stubAt = window.__stubAt || []).push(performance.now());`);
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
    stubOrigin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    server = await startServer({
      TAG_MANAGER_ID: 'GTM-TEST123',
      TAG_MANAGER_URL: `${stubOrigin}/gtm.js`,
      MARKETING_SCRIPT_URL: `${stubOrigin}/mail.js`,
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await new Promise((r) => stub?.close(r));
  });

  /** A visitor with the given choice on the stub-configured shop, with a clock the test drives. */
  async function visitor(consent: string | null, opts: { time?: Date; userAgent?: string } = {}) {
    const page = await newPage({ baseURL: server.url, consented: false, ...(opts.userAgent ? { userAgent: opts.userAgent } : {}) });
    if (consent) await page.context().addCookies([{ name: 'consent', value: consent, url: server.url }]);
    await page.clock.install({ time: opts.time ?? new Date('2026-11-24T12:00:00+01:00') });
    return page;
  }
  const stubs = (page: Page) => page.evaluate(() => (window as unknown as { __stubs?: string[] }).__stubs ?? []);

  it('the CSP allows the configured script host, and only then', async () => {
    const res = await fetch(`${server.url}/faq`);
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'nonce-`);
    expect(res.headers.get('content-security-policy')).toContain(stubOrigin);
  });

  it('statistics consent: the tag manager loads 3000 ms after the page, not before', async () => {
    const page = await newPage({ baseURL: server.url });
    await page.context().addCookies([{ name: 'consent', value: 'v1.s1.m0', url: server.url }]);
    await open(page, '/faq');
    // On a busy machine the page may hydrate only after its 3000 ms: then the timer is already due when it is set.
    const hydratedBy = await page.evaluate(() => performance.now());
    await expect.poll(() => stubs(page)).toEqual(['/gtm.js?id=GTM-TEST123']);
    const [at] = await page.evaluate(() => (window as unknown as { __stubAt: number[] }).__stubAt);
    expect(at).toBeGreaterThanOrEqual(3000);
    // Not later than that moment plus the stub's own fetch.
    expect(at).toBeLessThan(Math.max(3000, hydratedBy) + 3000);
  });

  it('no statistics consent, or a bot: the tag manager never loads', async () => {
    for (const page of [await visitor('v1.s0.m1'), await visitor(null), await visitor('v1.s1.m1', { userAgent: GOOGLEBOT_UA })]) {
      await page.goto('/faq');
      await page.locator('h1').waitFor();
      await page.clock.runFor(10_000);
      expect(await stubs(page)).toEqual([]);
    }
  });

  it('accepting in the banner starts the tag manager without a reload', async () => {
    const page = await visitor(null);
    await open(page, '/faq');
    await banner(page).getByRole('button', { name: 'Alles accepteren' }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    await page.clock.runFor(3100);
    await expect.poll(() => stubs(page)).toContain('/gtm.js?id=GTM-TEST123');
  });

  it('marketing consent: the marketing-email script loads on the second route change, not the first', async () => {
    const page = await visitor('v1.s0.m1');
    await open(page, '/faq');
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await nav.getByRole('link', { name: 'Blog' }).first().click();
    await page.waitForURL('**/blog');
    await page.clock.runFor(1000);
    expect(await stubs(page)).toEqual([]);
    await nav.getByRole('link', { name: 'Aanbiedingen' }).first().click();
    await page.waitForURL('**/kortingscodes');
    await expect.poll(() => stubs(page)).toEqual(['/mail.js']);
  });

  it('without marketing consent the marketing-email script never loads', async () => {
    const page = await visitor('v1.s1.m0');
    await open(page, '/faq');
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    for (const [name, path] of [['Blog', '/blog'], ['Aanbiedingen', '/kortingscodes'], ['Blog', '/blog']] as const) {
      await nav.getByRole('link', { name }).first().click();
      await page.waitForURL(`**${path}`);
    }
    expect(await stubs(page)).not.toContain('/mail.js');
  });
});
