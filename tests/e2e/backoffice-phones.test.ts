// Every back-office page on a phone (375 px): the owner walks each page of the route table (app/routes.ts, the
// back-office layout), detail pages with a real id found on their list page (an order placed here gives the
// order and customer pages one, and a germination claim on it the claim page). A page wider than the viewport (sideways scrolling) fails the test by name;
// each page is also axe-clean. Screenshots of every page at 375 for people to judge.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { flatRoutes } from '~/test/route-table.ts';
import { createAccount, freshEmail } from './accounts.ts';
import { MOBILE, expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { emailField, open } from './pages.ts';
import { addByRequest, fillShipping } from './shop.ts';
import { backofficeShots, orderCli, staffMember } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const shot = backofficeShots('phone-');

/** The pages inside the back-office layout, read from the route table itself: a new page is walked without editing this test. */
const backofficePaths = () => flatRoutes().flatMap((r) => (r.parent === 'routes/backoffice/layout.tsx' && r.path ? [r.path] : []));
/** Every fixed back-office address, downloads included (`/beheer/voorraad/export`): none is a detail page's id. */
const fixedPaths = () => flatRoutes().flatMap((r) => (r.path?.startsWith('/beheer/') && !r.path.includes(':') ? [r.path] : []));
/** A detail route whose list is not the address one level up. */
const LISTS: Record<string, string> = { '/beheer/inhoud/blog/:id': '/beheer/inhoud' };

/** A real address for a detail route: the first link on its list page that fits the pattern (not a sibling such as `nieuw`). */
async function detailPath(page: Page, pattern: string, taken: Set<string>): Promise<string | null> {
  const list = LISTS[pattern] ?? pattern.slice(0, pattern.indexOf('/:'));
  const shape = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/?#]+')}$`);
  await page.goto(list);
  await hydrated(page);
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  // A real record rather than the form for a new one (`/beheer/inhoud/blog/nieuw`).
  const fits = hrefs.filter((h) => shape.test(h) && !taken.has(h));
  return fits.find((h) => !h.endsWith('/nieuw')) ?? fits[0] ?? null;
}

/** How far the page scrolls sideways at 375 px, and the widest elements that cause it (for the failure message). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length > 0)
      .filter((el) => !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(/\s+/).slice(0, 3).join('.')}` : ''}`);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  });

describe('back office on a phone', () => {
  it('every back-office page fits 375 px without sideways scrolling and is axe-clean', { timeout: 420_000 }, async () => {
    // A customer account (the seed has none; a local part over 64 characters is refused) and an order of our own, both with a long e-mail address: the
    // customer and order lists have a row with a detail page, and the address must wrap on a phone.
    await createAccount(await newPage(), freshEmail('klant.met.een.lang.adres.telefoon'), 'Maximiliaan van Oldenbarnevelt-Hoogstraten');
    const shopper = await newPage();
    await addByRequest(shopper, 'stroopwafel-auto', '1 zaadje', 1);
    await addByRequest(shopper, 'skunk-1', '3 zaadjes', 1);
    await open(shopper, '/checkout');
    await emailField(shopper).fill(freshEmail('telefoon.klant.met.een.heel.lang.adres'));
    await fillShipping(shopper);
    await shopper.getByLabel(/Verzekerd pakket met track & trace/).check();
    await shopper.getByLabel(/Bankoverschrijving/).check();
    await shopper.getByTestId('place-order').click();
    await shopper.waitForURL(/\/order-status\?bestelling=/);
    // Paid, sent and claimed (ADR 074): /beheer/claims lists a claim with a detail page.
    const number = new URL(shopper.url()).searchParams.get('bestelling')!;
    await orderCli(number, 'paid');
    await orderCli(number, 'ship', '3STELEFOON1234');
    await shopper.goto(shopper.url().replace('/order-status', '/kiemgarantie'));
    const claim = shopper.getByTestId('claim-line').filter({ hasText: 'Skunk #1' }).getByTestId('claim-form');
    await claim.getByLabel('Aantal gezaaide zaden').fill('3');
    await claim.getByLabel('Aantal zaden dat niet is opgekomen').fill('2');
    await claim.getByLabel('Hoe heb je ze laten kiemen?').selectOption('paper');
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 90, g: 70, b: 40 } } })
      .jpeg()
      .toBuffer();
    await claim.getByLabel('Foto’s (1 tot 3)').setInputFiles([{ name: 'zaaibak.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await claim.getByRole('button', { name: 'Melding versturen' }).click();
    await shopper.getByTestId('claim-sent').waitFor();

    const page = await newPage();
    await staffMember(page, freshEmail('eigenaar.telefoon', 'kiemkracht.nl'), 'owner', 'Olivia Owner');
    await page.setViewportSize(MOBILE);

    const paths = backofficePaths();
    expect(paths.length).toBeGreaterThan(30);
    // Static siblings (`/beheer/voorraad/prijzen`) fit a detail pattern too: they are not a detail page's id.
    const taken = new Set(fixedPaths());
    const missing: string[] = [];
    const tooWide: string[] = [];
    const axeFailures: string[] = [];
    for (const pattern of paths) {
      let path: string | null = pattern;
      if (pattern.includes('/:')) {
        path = await detailPath(page, pattern, taken);
        if (!path) {
          missing.push(pattern);
          continue;
        }
        taken.add(path);
      }
      await page.goto(path);
      await hydrated(page);
      const { scrollWidth, wide } = await overflow(page);
      if (scrollWidth > MOBILE.width) tooWide.push(`${path}: ${scrollWidth} px (${wide.join(', ')})`);
      // The violations themselves (the assertion's `actual`), so the failure names what to fix.
      await expectAxeClean(page).catch((e: Error & { actual?: unknown }) => axeFailures.push(`${path}: ${JSON.stringify(e.actual ?? e.message)}`));
      await shot(page, path.slice(1).replaceAll('/', '-'));
    }
    expect(missing, 'detail pages without a real id on their list page').toEqual([]);
    expect(tooWide, 'pages wider than 375 px').toEqual([]);
    expect(axeFailures, 'pages with axe violations').toEqual([]);
  });
});
