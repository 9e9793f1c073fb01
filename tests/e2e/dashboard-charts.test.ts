// Dashboard charts (ADR 067): after a paid order the owner's dashboard draws takings for the day in SVG with a
// title, description and the figures as a table; orders per region, top strains and stock cover; content staff see
// none of it; axe; 375 and 1280 px.
import { describe, expect, it } from 'vitest';
import { shopDay } from '~/lib/format.ts';
import { freshEmail } from './accounts.ts';
import { MOBILE, expectAxeClean, useBrowser } from './browser.ts';
import { open } from './pages.ts';
import { placeBankTransferOrder } from './shop.ts';
import { backofficeShots, orderCli, staffMember } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();
const shot = backofficeShots('charts-');

describe('dashboard charts', () => {
  it('shows the last 30 days as charts with text alternatives to staff who see orders', async () => {
    const shopper = await newPage();
    const number = await placeBankTransferOrder(shopper, freshEmail('grafiek', 'example.nl'));
    expect((await orderCli(number, 'paid')).stdout).toContain('geregistreerd');

    const page = await newPage();
    await staffMember(page, 'eigenaar.grafiek@kiemkracht.nl', 'owner', 'Eva Grafiek');
    await open(page, '/beheer/overzicht');
    const takings = page.getByTestId('chart-takings-EUR');
    const svg = takings.locator('svg[role="img"]');
    expect(await svg.locator('title').textContent()).toBe('Ontvangen per dag in EUR');
    expect(await svg.locator('desc').textContent()).toMatch(/^Betalingen min terugbetalingen per dag in EUR\. Totaal €\s[\d.,]+/);
    expect(Number(await svg.getAttribute('data-total'))).toBeGreaterThan(0);
    // The table has the 30 days, today last, with the money received.
    const cells = await takings.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]));
    expect(cells).toHaveLength(30);
    expect(cells.at(-1)![0]).toBe(shopDay(new Date()));
    expect(await page.getByTestId('chart-regions').locator('table tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('chart-top-strains').locator('table').textContent()).toContain('Skunk #1');
    expect(await page.getByTestId('chart-cover').locator('table tbody tr').count()).toBeGreaterThan(0);
    await expectAxeClean(page);
    // The money table fits its card at 1280 px: no column is cut off behind a scroll bar.
    expect(await page.getByTestId('dashboard-money').evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
    await shot(page, 'dashboard-1280');
    // On a screen lower than the menu the sidebar scrolls, so "Uitloggen" stays on it and within reach.
    await page.setViewportSize({ width: 1280, height: 640 });
    const sidebar = page.getByRole('complementary', { name: 'Beheermenu' });
    const logout = sidebar.getByRole('button', { name: 'Uitloggen' });
    await logout.scrollIntoViewIfNeeded();
    const [side, button] = [(await sidebar.boundingBox())!, (await logout.boundingBox())!];
    expect(button.y + button.height).toBeLessThanOrEqual(side.y + side.height);
    await page.setViewportSize(MOBILE);
    await shot(page, 'dashboard-375');

    const support = await newPage();
    await staffMember(support, 'inhoud.grafiek@kiemkracht.nl', 'content', 'Sam Grafiek');
    await open(support, '/beheer/overzicht');
    expect(await support.getByTestId('dashboard-charts').count()).toBe(0);
  }, 180_000);
});
