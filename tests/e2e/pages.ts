// Small shared page objects and facts for the end-to-end tests.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL, hydrated } from './browser.ts';

export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * Every live page of the shop, with the name its screenshots get. `axedIn`: the feature suite that runs axe on
 * this page (in richer states; at both widths unless `axedAt` names the one), so pages.test.ts does not run it
 * again there; `template`: pages that share one layout, of which one stands for all at 375 px.
 */
export const LIVE_PAGES: readonly { path: string; name: string; axedIn?: string; axedAt?: 375 | 1280; template?: 'content' }[] = [
  { path: '/', name: 'home', axedIn: 'newsletter.test.ts' },
  { path: '/product', name: 'product-listing', axedIn: 'catalogue.test.ts' },
  { path: '/collecties', name: 'collecties', axedIn: 'catalogue.test.ts' },
  { path: '/collections/all', name: 'collections-all', axedIn: 'catalogue.test.ts' },
  { path: '/seedfinder', name: 'seedfinder', axedIn: 'seedfinder.test.ts' },
  { path: '/prijslijst', name: 'prijslijst', axedIn: 'price-list.test.ts' },
  { path: '/kortingscodes', name: 'kortingscodes', axedIn: 'cart.test.ts' },
  { path: '/beoordelingen', name: 'beoordelingen', axedIn: 'reviews.test.ts' },
  { path: '/besteloverzicht', name: 'besteloverzicht', axedIn: 'cart.test.ts' },
  { path: '/inloggen', name: 'inloggen' },
  { path: '/registreren', name: 'registreren', axedIn: 'account.test.ts', axedAt: 375 },
  { path: '/wachtwoord-vergeten', name: 'wachtwoord-vergeten' },
  { path: '/faq', name: 'faq' },
  { path: '/contact', name: 'contact', axedIn: 'contact.test.ts' },
  { path: '/order-status', name: 'order-status', axedIn: 'checkout.test.ts', axedAt: 375 },
  { path: '/sitemap', name: 'sitemap' },
  { path: '/blog', name: 'blog', axedIn: 'blog.test.ts' },
  { path: '/auteurs', name: 'auteurs', axedIn: 'blog.test.ts', axedAt: 1280 },
  { path: '/ons-verhaal', name: 'ons-verhaal', template: 'content' },
  { path: '/werk-carriere', name: 'werk-carriere', template: 'content' },
  { path: '/affiliate-programma', name: 'affiliate-programma', axedIn: 'affiliate.test.ts', axedAt: 1280 },
  { path: '/verzending-bezorging', name: 'verzending-bezorging' },
  { path: '/betalingsverwerking', name: 'betalingsverwerking', template: 'content' },
  { path: '/retourbeleid', name: 'retourbeleid', template: 'content' },
  { path: '/restitutiebeleid', name: 'restitutiebeleid', template: 'content' },
  { path: '/algemene-voorwaarden', name: 'algemene-voorwaarden', template: 'content' },
  { path: '/privacybeleid', name: 'privacybeleid', template: 'content' },
];

/** The eight collections (name → address), in the order the shop lists them. */
export const COLLECTION_LINKS: Record<string, string> = {
  'Hoog THC': '/collecties/hoog-thc',
  'Hoge opbrengst': '/collecties/hoge-opbrengst',
  'Snelle bloei': '/collecties/snelle-bloei',
  'Hoog CBD': '/collecties/hoog-cbd',
  'Makkelijk te kweken': '/collecties/makkelijk-te-kweken',
  'Nieuwste soorten': '/collecties/nieuwste-soorten',
  Bestsellers: '/collecties/bestsellers',
  Landrace: '/collecties/landrace',
};

/** The seeded catalogue: 84 strains, 24 per listing page. */
export const STRAIN_COUNT = 84;
export const PAGE_SIZE = 24;

export const YEAR_SECONDS = 365 * 24 * 60 * 60;
export const DAY_SECONDS = 24 * 60 * 60;

/**
 * Navigates and waits until React has hydrated; returns the document response. `domcontentloaded` for a test that
 * awaits its images itself: "load" also waits for every eager image, which a cold shop encodes on first request.
 */
export async function open(page: Page, path: string, waitUntil: 'load' | 'domcontentloaded' = 'load') {
  const response = await page.goto(path, { waitUntil });
  await hydrated(page);
  return response;
}

/**
 * Opens `path` with the page's scripts held back, so a press meets the server's HTML; the returned function lets
 * them load. The page is not live until then.
 */
export async function openHeld(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

/** Waits until React has attached its handlers to the header, on any page (also error screens). */
export async function interactive(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="open-cart"]');
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'));
  });
}

/** Navigates to a page that answers an error status and waits until it is interactive. */
export async function openErrorPage(page: Page, path: string) {
  const response = await page.goto(path);
  await interactive(page);
  return response;
}

/** Waits until React has hydrated `locator`'s element: lazily loaded dialogs hydrate after the page's flag is set. */
export async function reactReady(locator: Locator) {
  await locator.waitFor();
  // A part that turns live only when used (ADR 048) stays the server's HTML until then: the pointer makes it live.
  if (await locator.evaluate((el) => !!el.closest('[data-static="used"]'))) await locator.hover();
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))), { message: 'element hydrated by React' })
    .toBe(true);
}

/** Resolves when no CSS animation or transition is running (dialogs slide/fade in). */
/** No animation running, and every part near the screen that renders when it comes there (ADR 048) is live. */
export async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== 'running') &&
      // Parts that turn live only when used ([data-static="used"]) stay static, rightly.
      [...document.querySelectorAll('[data-static=""]')].every((el) => {
        const r = el.getBoundingClientRect();
        // Not rendered (display: none, a closed <details>) or not near the screen: it stays static, rightly.
        return !el.checkVisibility() || r.bottom < -200 || r.top > innerHeight + 200;
      }),
  );
}

export const footer = (page: Page) => page.locator('footer');

/** The page's own e-mail field (main content or a dialog), not the footer's newsletter sign-up. */
export const emailField = (page: Page) => page.locator('main, [role="dialog"]').getByLabel('E-mailadres', { exact: true });

export const ageGate = (page: Page) => page.getByTestId('age-gate');

export const regionModal = (page: Page) => page.getByTestId('region-modal');

/** The Radix toast viewport region and the toasts (list items) inside it. */
export const toastRegion = (page: Page) => page.getByRole('region', { name: 'Meldingen (F8)' });
export const toasts = (page: Page) => toastRegion(page).locator('li');

/**
 * Waits for the toast with `text`. When it does not come, the error says what the page showed instead (other toasts,
 * the address, whether it was live, the region cookie): a missing toast has more than one cause.
 */
export async function toastSaying(page: Page, text: string): Promise<Locator> {
  const toast = toasts(page).filter({ hasText: text });
  try {
    await toast.waitFor();
  } catch (e) {
    const shown = await toasts(page).allInnerTexts().catch(() => []);
    const live = await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'no').catch(() => '?');
    const region = (await page.context().cookies()).find((c) => c.name === 'locale')?.value ?? 'none';
    throw new Error(`${(e as Error).message}\nshown instead: ${JSON.stringify(shown)}; at ${page.url()}; hydrated: ${live}; region cookie: ${region}`);
  }
  return toast;
}

/** Opens the region modal from the footer link (a client-side navigation to ?regio=1). */
export async function openRegionModal(page: Page): Promise<Locator> {
  await page.getByTestId('open-region').click();
  const modal = regionModal(page);
  await modal.waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.get('regio')).toBe('1');
  return modal;
}

/** Picks a region (and for Europa a country) in the open modal and saves. */
export async function chooseRegion(page: Page, region: string, country?: string) {
  const modal = regionModal(page);
  await modal.getByRole('combobox', { name: 'Regio', exact: true }).selectOption(region);
  if (country) await modal.getByRole('combobox', { name: 'Land', exact: true }).selectOption(country);
  await modal.getByRole('button', { name: 'Opslaan' }).click();
}

/** Records every text a role=status live region announces (Radix' announcer lives only ~1 s). */
export async function recordAnnouncements(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __announced: string[] }).__announced = seen;
    const collect = () => {
      for (const el of document.querySelectorAll('[role="status"]')) {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(collect).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __announced: string[] }).__announced);
}

export async function cookieNamed(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name);
}

// ——— Catalogue ———

/**
 * Resolves after the page has drawn its next frame and run the tasks queued before it: what a key press or click
 * changes synchronously (React's discrete updates) shows by then. For asserting that something did not happen.
 */
export const nextFrame = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));

type RouterWindow = { __reactRouterDataRouter?: { state: { navigation: { state: string }; revalidation: string } } };

/** Resolves when React Router has no navigation or revalidation running (client-side navigations and back/forward). */
export async function routerIdle(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as unknown as RouterWindow).__reactRouterDataRouter;
    return !!router && router.state.navigation.state === 'idle' && router.state.revalidation === 'idle';
  });
}

/** The address without origin: path plus query. */
export const pathAndQuery = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

/** `key`'s values in the current address. */
export const param = (page: Page, key: string) => new URL(page.url()).searchParams.getAll(key);

/** Amount in cents from a Dutch-formatted price such as "€ 8,95", "£ 1.234,50" or "Vanaf € 8,95". */
export function parseMoney(text: string): number {
  const m = /(\d{1,3}(?:\.\d{3})*),(\d{2})/.exec(text);
  if (!m) throw new Error(`no price in ${JSON.stringify(text)}`);
  return Number(m[1]!.replace(/\./g, '')) * 100 + Number(m[2]);
}

/** Percentage from "THC 22%" / "18,5%". */
export function parsePercent(text: string): number {
  const m = /(\d+(?:,\d+)?)%/.exec(text);
  if (!m) throw new Error(`no percentage in ${JSON.stringify(text)}`);
  return Number(m[1]!.replace(',', '.'));
}

export const filterForm = (page: Page) => page.getByRole('form', { name: 'Filters' });
export const productGrid = (page: Page) => page.getByTestId('product-grid');
export const productCards = (page: Page) => productGrid(page).getByTestId('product-card');
export const pagination = (page: Page) => page.getByRole('navigation', { name: 'Paginering' });

/** The number in the listing's result count ("84 soorten", "1 soort"). */
export async function resultCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('result-count').innerText()).trim();
  const m = /^(\d+) soort(en)?$/.exec(text);
  if (!m) throw new Error(`unexpected result count ${JSON.stringify(text)}`);
  return Number(m[1]);
}

export type CardFacts = { name: string; badges: string[]; thc: number; price: number | null; soldOut: boolean; href: string };

/** What each product card on the page shows: name, badges, THC, the "Vanaf" price (null when sold out) and its link. */
export async function cardFacts(page: Page): Promise<CardFacts[]> {
  const raw = await productCards(page).evaluateAll((cards) =>
    cards.map((c) => ({
      name: c.querySelector('h3')?.textContent?.trim() ?? '',
      href: c.querySelector('h3 a')?.getAttribute('href') ?? '',
      // The badges (type, flowering, sex) sit right above the name.
      badges: [...(c.querySelector('h3')?.previousElementSibling?.children ?? [])].map((b) => b.textContent?.trim() ?? ''),
      // textContent, not innerText: the text as written, whatever the layout.
      text: c.textContent ?? '',
      priceLine: [...c.querySelectorAll('span')].find((s) => s.textContent?.trim().startsWith('Vanaf'))?.textContent ?? null,
    })),
  );
  return raw.map(({ name, href, badges, text, priceLine }) => {
    return {
      name,
      href,
      badges,
      thc: parsePercent(/THC [\d,]+%/.exec(text)?.[0] ?? ''),
      price: priceLine ? parseMoney(priceLine) : null,
      soldOut: text.includes('Uitverkocht'),
    };
  });
}

export const cardNames = async (page: Page) => (await cardFacts(page)).map((c) => c.name);

/** Fetches a page's HTML without a browser, as an adult visitor or with the given cookie header. */
export async function fetchHtml(path: string, cookie = 'age_verified=1') {
  const res = await fetch(new URL(path, baseURL()), { headers: { cookie }, redirect: 'manual' });
  return { status: res.status, html: await res.text() };
}

/** The result count in a listing page's HTML. */
export function countInHtml(html: string): number {
  const m = /data-testid="result-count">(\d+) soort/.exec(html);
  if (!m) throw new Error('no result count in the HTML');
  return Number(m[1]);
}

const decode = (s: string) =>
  s.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[e]!);

/** The product card names in a listing page's HTML, in order. */
export function cardNamesInHtml(html: string): string[] {
  const grid = html.split('data-testid="product-grid"')[1]?.split('</ul>')[0] ?? '';
  return [...grid.matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a><\/h3>/g)].map((m) => decode(m[1]!));
}

/**
 * Waits until the listing in the browser shows what the server renders for the current address (same count,
 * same cards in the same order). The router commits the new address before React has necessarily rendered
 * the new data, and after back/forward the address changes before the data arrives.
 */
export async function listingMatchesAddress(page: Page) {
  await routerIdle(page);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const { status, html } = await fetchHtml(pathAndQuery(page), cookie);
  expect(status, `status of ${pathAndQuery(page)}`).toBe(200);
  const expected = { count: countInHtml(html), names: cardNamesInHtml(html) };
  await expect.poll(async () => ({ count: await resultCount(page), names: await cardNames(page) }), { message: `listing of ${pathAndQuery(page)}` }).toEqual(expected);
}
