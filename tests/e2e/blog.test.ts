// The blog and author pages: listing, category filter (also without JavaScript), paging, a post with its table
// of contents, author pages, 404s, menu and footer links, axe and screenshots.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, PERSON_UA, baseURL, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { fetchHtml, footer, open, openErrorPage, routerIdle, settled } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const POST = '/blog/cannabiszaden-bewaren-koel-droog-donker';
const cardTitles = (page: Page) => page.getByTestId('post-grid').locator('[data-testid="post-card"] h3').allInnerTexts();
/**
 * For the desktop screenshots only: scrolls through the page so lazy images load, then back to the top. Best effort
 * (screenshots are for people, not compared): on a busy machine cold image renders may take longer than we wait.
 */
async function loadImages(page: Page) {
  if (page.viewportSize()?.width !== DESKTOP.width) return;
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      // A frame at each position, so lazy images near it start loading.
      await new Promise(requestAnimationFrame);
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 5_000 }).catch(() => undefined);
}
const chips = (page: Page) => page.getByRole('navigation', { name: 'Categorieën' });

describe('/blog', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`shows the newest post featured, a grid of cards and paging; axe clean at ${viewport.width}px`, async () => {
      const page = await newPage({ viewport });
      const response = await open(page, '/blog');
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').innerText()).toBe('Blog');
      expect(await page.title()).toMatch(/Blog.*\| Kiemkracht$/);
      const featured = page.getByTestId('featured-post');
      expect(await featured.locator('h2').innerText()).toBe('Haze: de lange weg van een sativa-legende');
      const text = await featured.innerText();
      expect(text).toContain('Joost Verbeek');
      expect(text).toContain('22 september 2026');
      expect(text).toMatch(/\d+ min lezen/);
      expect(await cardTitles(page)).toHaveLength(6);
      const card = await page.getByTestId('post-card').first().innerText();
      expect(card).toMatch(/Soortenprofielen|Genetica|Zaden bewaren|Wet & regelgeving/);
      expect(card).toMatch(/\d{1,2} \w+ 20\d\d/);
      await settled(page);
      await expectAxeClean(page);
      await loadImages(page);
      await screenshot(page, `blog-${viewport.width}`);
    });
  }

  it('pages on to page 2 and back, with the category kept out of it', async () => {
    const page = await newPage();
    await open(page, '/blog');
    const pagination = page.getByRole('navigation', { name: 'Paginering' });
    await pagination.getByRole('link', { name: 'Pagina 2' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?pagina=2');
    await routerIdle(page);
    // The address changes before React has necessarily rendered the new page.
    await expect.poll(() => cardTitles(page)).toEqual(['Cannabiszaden bewaren: koel, droog en donker']);
    expect(await page.getByTestId('featured-post').count()).toBe(0);
    expect(await pagination.getByRole('link', { name: 'Pagina 2' }).getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toContain('pagina 2');
    // Past the last page, or a malformed page: the not-found page.
    expect((await fetchHtml('/blog?pagina=3')).status).toBe(404);
    expect((await fetchHtml('/blog?pagina=abc')).status).toBe(404);
  });

  it('filters by category with links (client-side), and a category that does not exist is 404', async () => {
    const page = await newPage();
    await open(page, '/blog');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await chips(page)
      .getByRole('link', { name: /^Genetica/ })
      .click();
    await expect.poll(() => new URL(page.url()).search).toBe('?categorie=genetica');
    await page.getByRole('heading', { level: 1, name: 'Genetica' }).waitFor();
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['Terpenen uitgelegd: waar geur en smaak vandaan komen', 'Feminized, regular of autoflower: de verschillen uitgelegd']);
    expect(await page.getByTestId('featured-post').count()).toBe(0);
    expect(
      await chips(page)
        .getByRole('link', { name: /^Genetica/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect((await fetchHtml('/blog?categorie=bestaat-niet')).status).toBe(404);
  });

  it('filters by category without JavaScript', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/blog');
    await chips(page)
      .getByRole('link', { name: /^Soortenprofielen/ })
      .click();
    await page.waitForURL((u) => u.search === '?categorie=soortenprofielen');
    await expect.poll(() => page.locator('h1').innerText()).toBe('Soortenprofielen');
    expect(await cardTitles(page)).toHaveLength(4);
    await chips(page)
      .getByRole('link', { name: /^Alle artikelen/ })
      .click();
    await page.waitForURL((u) => u.pathname === '/blog' && u.search === '');
    await expect.poll(() => page.getByTestId('featured-post').count()).toBe(1);
  });
});

describe('/blog/{slug}', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`shows breadcrumbs, title, meta line, body, author box, strains and related posts; axe clean at ${viewport.width}px`, async () => {
      const page = await newPage({ viewport });
      const response = await open(page, POST);
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').innerText()).toBe('Cannabiszaden bewaren: koel, droog en donker');
      const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });
      expect(await crumbs.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/', '/blog', '/blog?categorie=bewaren']);
      const meta = await page.getByTestId('post-meta').innerText();
      expect(meta).toContain('Sanne de Vries');
      expect(meta).toContain('Gepubliceerd op 11 februari 2025');
      expect(meta).toContain('Bijgewerkt op 3 april 2026');
      expect(meta).toMatch(/\d+ min lezen/);
      expect(await page.getByTestId('author-box').getByRole('link', { name: 'Sanne de Vries', exact: true }).getAttribute('href')).toBe(
        '/auteurs/sanne-de-vries',
      );
      expect(await page.getByTestId('post-strains').getByTestId('product-card').count()).toBe(3);
      expect(await page.getByTestId('related-posts').getByTestId('post-card').count()).toBe(3);
      // Internal links in the body are plain site paths.
      expect(await page.getByTestId('post-body').getByRole('link', { name: 'veelgestelde vragen' }).getAttribute('href')).toBe('/faq');
      await settled(page);
      await expectAxeClean(page);
      await loadImages(page);
      await screenshot(page, `post-${viewport.width}`);
    });
  }

  it('has BlogPosting and BreadcrumbList JSON-LD and a meta description', async () => {
    const { html } = await fetchHtml(POST);
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    const posting = ld.find((x) => x['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: 'Cannabiszaden bewaren: koel, droog en donker',
      datePublished: '2025-02-11T08:00:00.000Z',
      dateModified: '2026-04-03T09:30:00.000Z',
      dateCreated: '2025-02-03T10:00:00.000Z',
      author: { '@type': 'Person', name: 'Sanne de Vries' },
    });
    expect(ld.some((x) => x['@type'] === 'BreadcrumbList')).toBe(true);
    expect(html).toMatch(/<meta name="description" content="Temperatuur, luchtvochtigheid/);
  });

  it('the table of contents links to every heading; on desktop it stays in view while scrolling', async () => {
    const page = await newPage();
    await open(page, POST);
    const toc = page.getByTestId('toc');
    const hrefs = await toc.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs).toEqual([
      '#temperatuur-koel-en-vooral-constant',
      '#en-de-vriezer',
      '#luchtvochtigheid-droog-maar-niet-uitgedroogd',
      '#licht-bewaar-alles-donker',
      '#labelen-en-overzicht-houden',
      '#hoe-lang-blijven-zaden-goed',
    ]);
    for (const href of hrefs) expect(await page.locator(href).count(), href).toBe(1);
    await toc.getByRole('link', { name: 'Licht: bewaar alles donker' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#licht-bewaar-alles-donker');
    // The heading is scrolled to just below the sticky header, and the contents are still on screen.
    await expect.poll(() => page.locator('#licht-bewaar-alles-donker').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
    expect(await page.locator('#licht-bewaar-alles-donker').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(60);
    expect(await toc.isVisible()).toBe(true);
    const box = await toc.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(DESKTOP.height);
    await expect.poll(() => toc.locator('a[aria-current="location"]').innerText()).toBe('Licht: bewaar alles donker');
  });

  it('on mobile the table of contents is collapsed and opens without JavaScript', async () => {
    const page = await newPage({ viewport: MOBILE, javaScriptEnabled: false });
    await page.goto(POST);
    const toc = page.getByTestId('toc');
    const link = toc.getByRole('link', { name: 'Labelen en overzicht houden' });
    expect(await link.isVisible()).toBe(false);
    await toc.getByText('Inhoudsopgave').click();
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL((u) => u.hash === '#labelen-en-overzicht-houden');
    expect(await page.locator('#labelen-en-overzicht-houden').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(MOBILE.height / 2);
  });

  it('an unknown post is the not-found page with status 404', async () => {
    const page = await newPage();
    const response = await openErrorPage(page, '/blog/bestaat-niet');
    expect(response?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    ignoreErrors(/status of 404/);
  });
});

describe('authors', () => {
  it('/auteurs: three author cards with post counts, axe clean; a card leads to the author', async () => {
    const page = await newPage();
    const response = await open(page, '/auteurs');
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('Auteurs');
    const cards = page.getByTestId('author-card');
    expect(await cards.locator('h2').allInnerTexts()).toEqual(['Joost Verbeek', 'Lotte Janssen', 'Sanne de Vries']);
    expect(await page.getByTestId('author-post-count').allInnerTexts()).toEqual(['4 artikelen', '2 artikelen', '2 artikelen']);
    await settled(page);
    await expectAxeClean(page);
    await screenshot(page, 'auteurs-1280');
    await cards.getByRole('link', { name: 'Lotte Janssen' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auteurs/lotte-janssen');
    await page.getByRole('heading', { level: 1, name: 'Lotte Janssen' }).waitFor();
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`/auteurs/{slug}: bio, expertise and the author’s posts, axe clean at ${viewport.width}px`, async () => {
      const page = await newPage({ viewport });
      const response = await open(page, '/auteurs/joost-verbeek');
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').innerText()).toBe('Joost Verbeek');
      expect(await page.getByTestId('author-bio').innerText()).toContain('landraces');
      expect(await page.getByRole('list', { name: 'Expertise' }).locator('li').allInnerTexts()).toContain('Veredeling');
      expect(await cardTitles(page)).toEqual([
        'Haze: de lange weg van een sativa-legende',
        'Northern Lights: van Seattle naar de Nederlandse zaadbanken',
        'Skunk #1: de stamvader van de moderne hybride',
        'Feminized, regular of autoflower: de verschillen uitgelegd',
      ]);
      await settled(page);
      await expectAxeClean(page);
      await loadImages(page);
      await screenshot(page, `author-${viewport.width}`);
    });
  }

  it('an unknown author is 404, and the post’s author link leads to the author', async () => {
    const page = await newPage();
    const response = await openErrorPage(page, '/auteurs/niemand');
    expect(response?.status()).toBe(404);
    ignoreErrors(/status of 404/);
    await open(page, POST);
    await page.getByTestId('post-meta').getByRole('link', { name: 'Sanne de Vries' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auteurs/sanne-de-vries');
    await page.getByRole('heading', { level: 1, name: 'Sanne de Vries' }).waitFor();
  });
});

describe('links to the blog', () => {
  it('the main menu has "Blog", the footer links Blog and Auteurs, the sitemap lists posts and authors', async () => {
    const page = await newPage();
    await open(page, '/');
    const menuLink = page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Blog', exact: true });
    expect(await menuLink.getAttribute('href')).toBe('/blog');
    const f = footer(page);
    expect(await f.getByRole('link', { name: 'Blog', exact: true }).getAttribute('href')).toBe('/blog');
    expect(await f.getByRole('link', { name: 'Auteurs', exact: true }).getAttribute('href')).toBe('/auteurs');
    await menuLink.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/blog');
    await page.getByTestId('featured-post').waitFor();

    await open(page, '/sitemap');
    expect(await page.getByRole('link', { name: 'Skunk #1: de stamvader van de moderne hybride' }).getAttribute('href')).toBe('/blog/skunk-1-geschiedenis');
    expect(await page.getByRole('link', { name: 'Lotte Janssen' }).getAttribute('href')).toBe('/auteurs/lotte-janssen');
  });

  it('blog pages are served from the page cache for anonymous visitors', async () => {
    const url = new URL('/blog?categorie=genetica', baseURL());
    const headers = { 'user-agent': PERSON_UA, cookie: 'age_verified=1' };
    // Read to the end: a page is stored once it has been sent completely.
    await (await fetch(url, { headers })).text();
    const res = await fetch(url, { headers });
    expect(res.headers.get('x-page-cache')).toBe('hit');
  });
});
