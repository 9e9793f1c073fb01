// Customer reviews (ADR 013): /beoordelingen with its filters, sort and pages (with and without JavaScript),
// translated reviews, "Nuttig" counting once per visitor, the product page's Beoordelingen tab, writing and
// rewriting a review as a customer with the errors next to the fields, the guest prompt, the page cache
// following a new review, axe on every page type, screenshots at 375 and 1280.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, freshEmail } from './accounts.ts';
import { DESKTOP, MOBILE, PERSON_UA, baseURL, expectAxeClean, hydrated, screenshot, useBrowser } from './browser.ts';
import { cookieNamed, open, openHeld, reactReady, routerIdle, toasts } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const REVIEWS = '/beoordelingen';
const NL = '/product/northern-lights';
const JOURNEY = 90_000;

const cards = (page: Page) => page.getByTestId('review');
const filters = (page: Page) => page.getByRole('form', { name: 'Filters' });
const count = async (page: Page) => Number(/^([\d.]+) beoordeling/.exec(await page.getByTestId('review-count').innerText())![1]!.replace(/\./g, ''));
/** The stars of each card, read from their accessible name ("4 van 5 sterren"). */
const ratings = async (page: Page) =>
  Promise.all(
    (await cards(page).all()).map(async (c) =>
      Number(/^(\d) van 5/.exec((await c.getByRole('img', { name: /van 5 sterren/ }).getAttribute('aria-label'))!)![1]),
    ),
  );
const dates = async (page: Page) => Promise.all((await cards(page).all()).map((c) => c.locator('time').getAttribute('datetime')));
const helpfulIn = (card: Locator) => card.getByRole('button', { name: /^Nuttig/ });
const helpfulCount = async (card: Locator) => Number(/\((\d+)\)/.exec(await helpfulIn(card).innerText())![1]);
const param = (page: Page, key: string) => new URL(page.url()).searchParams.getAll(key);
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Productinformatie' }).getByRole('tab', { name, exact: true });

describe('/beoordelingen', () => {
  it(
    'lists the newest reviews with a summary, star bars, cards and pages; axe-clean; screenshots',
    async () => {
      for (const [viewport, name] of [
        [MOBILE, 'reviews-375'],
        [DESKTOP, 'reviews-1280'],
      ] as const) {
        const page = await newPage({ viewport });
        const response = await open(page, REVIEWS);
        expect(response?.status()).toBe(200);
        expect(await page.title()).toBe('Beoordelingen | Kiemkracht');
        await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Beoordelingen');
        const total = await count(page);
        expect(total).toBeGreaterThan(200);
        const summary = page.getByTestId('rating-summary');
        expect(await summary.innerText()).toContain(`Op basis van ${total.toLocaleString('nl-NL')} beoordelingen`);
        // The bars add up to the total.
        const bars = await page
          .getByTestId('distribution')
          .locator('li')
          .evaluateAll((items) => items.map((li) => Number((li as HTMLElement).dataset.count)));
        expect(bars).toHaveLength(5);
        expect(bars.reduce((a, b) => a + b, 0)).toBe(total);
        expect(await cards(page).count()).toBe(10);
        const d = await dates(page);
        expect([...d].sort().reverse()).toEqual(d);
        // Each card links to its strain and shows a Dutch date.
        const first = cards(page).first();
        expect(await first.getByRole('link').first().getAttribute('href')).toMatch(/^\/product\/[a-z0-9-]+$/);
        expect(await first.locator('time').innerText()).toMatch(
          /^\d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) 20\d\d$/,
        );
        expect(
          await page.getByRole('navigation', { name: 'Paginering' }).getByRole('link', { name: 'Pagina 1', exact: true }).getAttribute('aria-current'),
        ).toBe('page');
        // The page is in the footer now that it exists.
        expect(await page.locator('footer').getByRole('link', { name: 'Beoordelingen' }).getAttribute('href')).toBe(REVIEWS);
        await expectAxeClean(page);
        await screenshot(page, name);
      }
    },
    JOURNEY,
  );

  it(
    'filters by stars, verified and type, sorts and pages with JavaScript, keeping the address in step',
    async () => {
      const page = await newPage();
      await open(page, REVIEWS);
      const total = await count(page);
      const form = filters(page);
      await reactReady(form.getByLabel('5 sterren'));

      await form.getByLabel('5 sterren').check();
      await expect.poll(() => param(page, 'sterren')).toEqual(['5']);
      await inStep(page);
      const fives = await count(page);
      expect(fives).toBeLessThan(total);
      expect(new Set(await ratings(page))).toEqual(new Set([5]));

      await form.getByLabel('Alleen geverifieerde kopers').check();
      await expect.poll(() => param(page, 'geverifieerd')).toEqual(['1']);
      await inStep(page);
      expect(await count(page)).toBeLessThan(fives);
      expect(await cards(page).getByTestId('verified').count()).toBe(await cards(page).count());

      await form.getByLabel('Type').selectOption('indica');
      await expect.poll(() => param(page, 'type')).toEqual(['indica']);
      await inStep(page);
      await page.getByTestId('clear-filters').first().click();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await inStep(page);
      expect(await count(page)).toBe(total);
      expect(await form.getByLabel('5 sterren').isChecked()).toBe(false);

      await page.getByLabel('Sorteer op').selectOption('laagste');
      await expect.poll(() => param(page, 'sorteer')).toEqual(['laagste']);
      await inStep(page);
      const low = await ratings(page);
      expect(low[0]).toBe(1);
      expect(low).toEqual([...low].sort((a, b) => a - b));

      await page.getByLabel('Sorteer op').selectOption('nuttigst');
      await inStep(page);
      const helpful = await Promise.all((await cards(page).all()).map(helpfulCount));
      expect(helpful).toEqual([...helpful].sort((a, b) => b - a));

      await page.getByRole('navigation', { name: 'Paginering' }).getByRole('link', { name: 'Volgende pagina' }).click();
      await expect.poll(() => param(page, 'pagina')).toEqual(['2']);
      expect(param(page, 'sorteer')).toEqual(['nuttigst']);
      await inStep(page);
      expect(await helpfulCount(cards(page).first())).toBeLessThanOrEqual(helpful.at(-1)!);

      // A star bar is a filter too.
      await page
        .getByTestId('distribution')
        .getByRole('link', { name: /^1 ster/ })
        .click();
      await expect.poll(() => param(page, 'sterren')).toEqual(['1']);
      await inStep(page);
      expect(new Set(await ratings(page))).toEqual(new Set([1]));
    },
    JOURNEY,
  );

  it(
    'filters, sorts and pages without JavaScript (plain GET form and links)',
    async () => {
      const page = await newPage({ javaScriptEnabled: false });
      await page.goto(REVIEWS);
      const total = await count(page);
      const form = filters(page);
      await form.getByLabel('4 sterren').check();
      await form.getByLabel('5 sterren').check();
      await page.getByLabel('Sorteer op').selectOption('hoogste');
      await form.getByRole('button', { name: 'Toepassen' }).click();
      await page.waitForURL(/sterren=/);
      expect(param(page, 'sterren').sort()).toEqual(['4', '5']);
      expect(param(page, 'sorteer')).toEqual(['hoogste']);
      const some = await count(page);
      expect(some).toBeLessThan(total);
      const r = await ratings(page);
      expect(r.every((x) => x >= 4)).toBe(true);
      expect(r).toEqual([...r].sort((a, b) => b - a));
      await page.getByRole('navigation', { name: 'Paginering' }).getByRole('link', { name: 'Pagina 2', exact: true }).click();
      await page.waitForURL(/pagina=2/);
      expect(param(page, 'sterren').sort()).toEqual(['4', '5']);
      await expect.poll(() => page.getByTestId('review-count').innerText()).toContain('Pagina 2 van');
      // Out of range is a 404, malformed values are ignored.
      expect((await page.goto(`${REVIEWS}?pagina=999`))?.status()).toBe(404);
      ignoreErrors(/status of 404/);
      expect((await page.goto(`${REVIEWS}?sterren=9&sorteer=x`))?.status()).toBe(200);
      expect(await count(page)).toBe(total);
    },
    JOURNEY,
  );

  it(
    'one strain’s reviews: its name, its own summary, JSON-LD with its rating; a translated review shows its original on request',
    async () => {
      const page = await newPage();
      await open(page, `${REVIEWS}?product=northern-lights`);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Beoordelingen van Northern Lights');
      const n = await count(page);
      expect(n).toBeGreaterThanOrEqual(10);
      const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
      const product = ld.find((x) => x['@type'] === 'Product') as { aggregateRating: { reviewCount: number }; review: unknown[] };
      expect(product.aggregateRating.reviewCount).toBe(n);
      expect(product.review).toHaveLength(10);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL()}${REVIEWS}?product=northern-lights`);

      if ((await page.getByTestId('translation').count()) === 0) {
        await page.getByRole('link', { name: 'Volgende pagina' }).click();
        await expect.poll(() => param(page, 'pagina')).toEqual(['2']);
        await inStep(page);
      }
      const translated = page.getByTestId('translation').first();
      await expect.poll(() => translated.locator('summary').innerText()).toMatch(/^Vertaald uit het (Engels|Duits) ·\s*Toon origineel$/);
      const original = translated.locator('[lang]');
      expect(await original.isVisible()).toBe(false);
      await translated.locator('summary').click();
      expect(await original.isVisible()).toBe(true);
      expect(['en', 'de']).toContain(await original.getAttribute('lang'));
      await expectAxeClean(page);
    },
    JOURNEY,
  );
});

describe('Nuttig', () => {
  it(
    'counts once per visitor: pressed after the click and after a reload; another visitor adds one more',
    async () => {
      const address = `${REVIEWS}?product=white-widow&sorteer=nuttigst`;
      const page = await newPage();
      await open(page, address);
      const card = cards(page).first();
      const title = await card.getByRole('heading').innerText();
      const before = await helpfulCount(card);
      const button = helpfulIn(card);
      await reactReady(button);
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      await button.click();
      await expect.poll(() => card.getByRole('status').innerText()).toBe('Bedankt voor je stem');
      expect(await helpfulCount(card)).toBe(before + 1);
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      expect(await cookieNamed(page, 'voter')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

      await open(page, address);
      const again = cards(page).filter({ hasText: title }).first();
      expect(await helpfulCount(again)).toBe(before + 1);
      expect(await helpfulIn(again).getAttribute('aria-pressed')).toBe('true');
      // A second click by the same visitor changes nothing.
      await reactReady(helpfulIn(again));
      await helpfulIn(again).click();
      await expect.poll(() => again.getByRole('status').innerText()).toBe('Bedankt voor je stem');
      expect(await helpfulCount(again)).toBe(before + 1);

      // Another visitor, without JavaScript: a plain post, back to the page with a flash message.
      const other = await newPage({ javaScriptEnabled: false });
      await other.goto(address);
      const theirs = cards(other).filter({ hasText: title }).first();
      await helpfulIn(theirs).click();
      await other.waitForURL((u) => u.pathname === REVIEWS && u.searchParams.get('product') === 'white-widow');
      expect(await helpfulCount(cards(other).filter({ hasText: title }).first())).toBe(before + 2);
      expect(await helpfulIn(cards(other).filter({ hasText: title }).first()).getAttribute('aria-pressed')).toBe('true');
    },
    JOURNEY,
  );

  it('refuses a tampered review id with a message, never a 500', async () => {
    const page = await newPage();
    await page.goto('/');
    for (const reviewId of ['abc', '0', '2000000000']) {
      const res = await page.request.post(REVIEWS, { form: { reviewId, js: '1' }, headers: { Origin: baseURL() } });
      expect([400, 404]).toContain(res.status());
      expect(await res.text()).toContain('Deze beoordeling bestaat niet (meer).');
    }
  });
});

describe('the product page’s Beoordelingen tab', () => {
  it(
    'shows the strain’s summary, bars and most helpful reviews, and links to all of them; axe-clean; screenshot',
    async () => {
      const page = await newPage({ viewport: MOBILE });
      await open(page, NL);
      await tab(page, 'Beoordelingen').click();
      const panel = page.getByRole('tabpanel', { name: 'Beoordelingen' });
      const reviews = panel.getByTestId('product-reviews');
      await reviews.waitFor();
      const header = await page
        .locator('main')
        .getByText(/van 5 \(\d+ beoordelingen?\)/)
        .innerText();
      const [, avg, n] = /([\d,]+) van 5 \((\d+) beoordelingen?\)/.exec(header)!;
      expect(await panel.getByTestId('rating-summary').innerText()).toContain(avg!);
      expect(await panel.getByTestId('rating-summary').innerText()).toContain(`Op basis van ${n} beoordelingen`);
      expect(await panel.getByTestId('review').count()).toBe(3);
      const helpful = await Promise.all((await panel.getByTestId('review').all()).map(helpfulCount));
      expect(helpful).toEqual([...helpful].sort((a, b) => b - a));
      expect(await panel.getByTestId('write-review').getAttribute('href')).toBe('/product/northern-lights/beoordelen');
      await expectAxeClean(page);
      // The tab as it sits in the page (a full-page capture, so the sticky header stays at the top, not over the panel).
      const box = (await panel.boundingBox())!;
      const top = (await page.evaluate(() => window.scrollY)) + box.y - 24;
      await screenshot(page, 'product-reviews-375', { clip: { x: 0, y: top, width: MOBILE.width, height: box.height + 48 } });

      await panel.getByTestId('all-reviews').click();
      await page.waitForURL(`**${REVIEWS}?product=northern-lights`);
      await inStep(page);
      expect(await count(page)).toBe(Number(n));
    },
    JOURNEY,
  );

  it('is in the HTML without JavaScript', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(NL);
    expect(await page.getByTestId('product-reviews').getByTestId('review').count()).toBe(3);
  });

  it('a tab pressed before the page is live is the tab shown once it is', async () => {
    const page = await newPage();
    const release = await openHeld(page, NL);
    await tab(page, 'Beoordelingen').click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'no')).toBe('no');
    release();
    await hydrated(page);
    await expect.poll(() => tab(page, 'Beoordelingen').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel', { name: 'Beoordelingen' }).isVisible()).toBe(true);
    expect(await page.getByRole('tabpanel', { name: 'Beschrijving' }).isVisible()).toBe(false);
  });

  it(
    'a logged-in customer’s vote stays pressed on the page cache’s copy, with and without JavaScript; nobody else’s is (ADR 047)',
    async () => {
      const page = await newPage();
      await createAccount(page, freshEmail('rv-vote'));
      const address = '/product/white-widow';
      await open(page, address);
      await tab(page, 'Beoordelingen').click();
      const card = page.getByRole('tabpanel', { name: 'Beoordelingen' }).getByTestId('review').first();
      const button = helpfulIn(card);
      await reactReady(button);
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      const before = await helpfulCount(card);
      await button.click();
      await expect.poll(() => card.getByRole('status').innerText()).toBe('Bedankt voor je stem');

      // Reloaded: the document is the cached anonymous page with this customer's vote put in.
      const response = await page.reload();
      expect(response!.headers()['x-page-cache']).toMatch(/^(hit|miss)$/);
      // Live first: a tab pressed while the page is still the server's HTML does nothing, and hydration then shows
      // the first tab, hiding the reviews again.
      await hydrated(page);
      await tab(page, 'Beoordelingen').click();
      const again = page.getByRole('tabpanel', { name: 'Beoordelingen' }).getByTestId('review').first();
      await reactReady(helpfulIn(again));
      expect(await helpfulIn(again).getAttribute('aria-pressed')).toBe('true');
      expect(await helpfulCount(again)).toBe(before + 1);

      // The same copy without JavaScript, and an anonymous visitor's (from the cache, unpressed).
      const cookies = await page.context().cookies();
      const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const own = await fetch(baseURL() + address, { headers: { cookie, 'user-agent': PERSON_UA } });
      expect(own.headers.get('x-page-cache')).toBe('hit');
      expect(own.headers.get('cache-control')).toBe('private');
      expect((await own.text()).match(/data-vote="\d+" aria-pressed="true"/g)).toHaveLength(1);
      const shared = cookies.filter((c) => c.name !== 'session').map((c) => `${c.name}=${c.value}`).join('; ');
      const anonymous = await fetch(baseURL() + address, { headers: { cookie: shared, 'user-agent': PERSON_UA } });
      expect(anonymous.headers.get('x-page-cache')).toBe('hit');
      expect(await anonymous.text()).not.toContain('aria-pressed="true"');
    },
    JOURNEY,
  );
});

describe('writing a review', () => {
  it(
    'a customer gets errors next to the fields, posts a review, sees it listed with the numbers updated, and a second submit replaces it',
    async () => {
      const page = await newPage();
      const email = freshEmail('recensie');
      await createAccount(page, email, 'Joost van der Meer');
      const strain = '/product/molenwiek';
      // A strain without reviews: the tab invites to be the first.
      await open(page, strain);
      expect(await page.getByTestId('product-reviews').innerText()).toContain('Deze soort heeft nog geen beoordelingen.');
      expect(await anonymousRating(strain)).toBeUndefined();

      await tab(page, 'Beoordelingen').click();
      await page.getByTestId('write-review').click();
      await page.waitForURL(`**${strain}/beoordelen`);
      await routerIdle(page);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Beoordeel Molenwiek');
      await expectAxeClean(page);
      const submit = page.getByRole('button', { name: 'Beoordeling plaatsen' });
      await reactReady(submit);
      await submit.click();
      await expect.poll(() => page.getByTestId('error-rating').innerText()).toBe('Kies een aantal sterren.');
      expect(await page.getByTestId('error-title').innerText()).toBe('Titel is verplicht.');
      expect(await page.getByTestId('error-body').innerText()).toBe('Beoordeling is verplicht.');
      expect(await page.getByLabel('Titel').getAttribute('aria-invalid')).toBe('true');
      // Typing clears the refused field's message; the server checks the length on the next submit (ADR 023).
      await page.getByLabel('Je beoordeling').fill('Te kort');
      await expect.poll(() => page.getByTestId('error-body').innerText()).toBe('');
      await submit.click();
      await expect.poll(() => page.getByTestId('error-body').innerText()).toBe('Schrijf minimaal 30 tekens, zodat anderen er iets aan hebben.');
      await expectAxeClean(page);

      await page.getByLabel('4 sterren').check({ force: true });
      await page.getByLabel('Titel').fill('Mooie aanvulling');
      await page.getByLabel('Je beoordeling').fill('Netjes verpakt in een stevig buisje, binnen twee dagen in huis. De zaden zien er rijp en gaaf uit.');
      await submit.click();
      await page.waitForURL(`**${REVIEWS}?product=molenwiek`);
      await inStep(page);
      await expect.poll(() => toasts(page).first().innerText()).toContain('Bedankt! Je beoordeling staat online.');
      const mine = cards(page).first();
      expect(await mine.getByRole('heading').innerText()).toBe('Mooie aanvulling');
      expect(await mine.innerText()).toContain('Joost M.');
      expect(await ratings(page)).toEqual([4]);

      // The cached anonymous product page follows: the header now shows the rating.
      expect(await anonymousRating(strain)).toEqual({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 });

      // Coming back fills the form with the review; submitting again replaces it.
      await open(page, `${strain}/beoordelen`);
      expect(await page.getByTestId('review-editing').isVisible()).toBe(true);
      expect(await page.getByLabel('Titel').inputValue()).toBe('Mooie aanvulling');
      await page.getByLabel('2 sterren').check({ force: true });
      await page.getByLabel('Titel').fill('Toch wat minder');
      await page.getByRole('button', { name: 'Beoordeling bijwerken' }).click();
      await page.waitForURL(`**${REVIEWS}?product=molenwiek`);
      await inStep(page);
      expect(await count(page)).toBe(1);
      expect(await ratings(page)).toEqual([2]);
      expect(await cards(page).first().getByRole('heading').innerText()).toBe('Toch wat minder');
      // Refused submits answer 400 (server-side validation, ADR 023): expected, not a page error.
      ignoreErrors(/status of 400/);
    },
    JOURNEY,
  );

  it(
    'without JavaScript the server shows the errors next to the fields',
    async () => {
      const page = await newPage({ javaScriptEnabled: false });
      await page.goto('/');
      await createAccount(page, freshEmail('recensie-nojs'));
      await page.goto('/product/kersenbloesem/beoordelen');
      await page.getByLabel('Titel').fill('Ok');
      await page.getByRole('button', { name: 'Beoordeling plaatsen' }).click();
      await page.waitForLoadState();
      // The browser logs the form answer's 400 status.
      ignoreErrors(/status of 400/);
      expect(await page.getByTestId('error-rating').innerText()).toBe('Kies een aantal sterren.');
      expect(await page.getByTestId('error-title').innerText()).toBe('Gebruik minimaal 3 tekens voor de titel.');
      expect(await page.getByTestId('error-body').innerText()).toBe('Beoordeling is verplicht.');
      // What was typed stays.
      expect(await page.getByLabel('Titel').inputValue()).toBe('Ok');
    },
    JOURNEY,
  );

  it(
    'a guest sees a prompt to log in that brings them back; a guest post goes to the log-in page',
    async () => {
      const page = await newPage();
      await open(page, '/product/molenwiek/beoordelen');
      const prompt = page.getByTestId('review-guest');
      expect(await prompt.getByRole('heading').innerText()).toBe('Log in om een beoordeling te schrijven');
      expect(await prompt.getByRole('link', { name: 'Inloggen' }).getAttribute('href')).toBe(
        `/inloggen?redirectTo=${encodeURIComponent('/product/molenwiek/beoordelen')}`,
      );
      expect(await page.getByRole('button', { name: 'Beoordeling plaatsen' }).count()).toBe(0);
      await expectAxeClean(page);
      const res = await page.request.post('/product/molenwiek/beoordelen', {
        form: { rating: '5', title: 'Top', body: 'x'.repeat(40) },
        headers: { Origin: baseURL() },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(302);
      expect(res.headers().location).toBe(`/inloggen?redirectTo=${encodeURIComponent('/product/molenwiek/beoordelen')}`);
      expect((await page.goto('/product/bestaat-niet/beoordelen'))?.status()).toBe(404);
      ignoreErrors(/status of 404/);
    },
    JOURNEY,
  );
});

/** The aggregate rating in the product page's JSON-LD as an anonymous visitor gets it (from the page cache when stored). */
async function anonymousRating(path: string) {
  const response = await fetch(`${baseURL()}${path}`, { headers: { cookie: 'age_verified=1' } });
  const html = await response.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  return blocks.find((b) => b['@type'] === 'Product')?.aggregateRating;
}

/**
 * Waits until the listing on screen is the one the address asks for: the router is idle and React has rendered
 * its data (router state can be idle a moment before a transition's render reaches the DOM).
 */
async function inStep(page: Page) {
  await routerIdle(page);
  await page.waitForFunction(() => {
    const shown = document.querySelector('[data-testid="review-results"]')?.getAttribute('data-query');
    if (shown == null) return false;
    const norm = (search: string) =>
      [...new URLSearchParams(search).entries()]
        .filter(([k, v]) => v !== '' && !(k === 'sorteer' && v === 'nieuwste') && !(k === 'pagina' && v === '1'))
        .map(([k, v]) => `${k}=${v}`)
        .sort()
        .join('&');
    return norm(shown.split('?')[1] ?? '') === norm(location.search);
  });
}
