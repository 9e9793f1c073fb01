// The customer's view of money: a part payment, the rest, a partial and a full refund, each on the order-status
// page as it happened (amount, date, how; what is due; the balance), with and without JavaScript.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, MOBILE, screenshot, useBrowser } from './browser.ts';
import { placeBankTransferOrder } from './shop.ts';
import { orderCli } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const badge = (page: Page) => page.getByTestId('payment-state').innerText();
/** The money rows as "label: value", in the order the page shows them. */
const moneyRows = (page: Page) =>
  page
    .getByTestId('money-history')
    .locator('dl > div')
    .evaluateAll((rows) => rows.map((r) => `${r.querySelector('dt')!.textContent}: ${r.querySelector('dd')!.textContent}`.replace(/\u00a0/g, ' ')));
const DAY = /\d{1,2} [a-z]+ \d{4}/.source;

describe('money as the customer sees it', () => {
  it('a part payment, the rest, a partial refund and the rest refunded: each shown with its date, the due amount and the balance', async () => {
    const page = await newPage();
    const number = await placeBankTransferOrder(page, `geld.${Date.now()}@example.nl`);
    const statusPath = new URL(page.url()).pathname + new URL(page.url()).search;
    expect(await badge(page)).toBe('Wacht op betaling');
    expect(await page.getByTestId('money-history').count()).toBe(0);
    // Without JavaScript the same page, from the server.
    const plain = await newPage({ javaScriptEnabled: false });
    const both = async (check: (p: Page) => Promise<void>) => {
      await page.goto(statusPath);
      await plain.goto(statusPath);
      for (const p of [page, plain]) await check(p);
    };

    expect((await orderCli(number, 'paid', '10,00')).stdout).toMatch(/ontvangen voor/);
    let due = '';
    await both(async (p) => {
      expect(await badge(p)).toBe('Deels betaald');
      const rows = await moneyRows(p);
      expect(rows[0]).toMatch(new RegExp(`^Ontvangen op ${DAY}: € 10,00 \\(overschrijving\\)$`));
      expect(rows[1]).toMatch(/^Nog te betalen: € \d+,\d\d$/);
      due = rows[1]!.replace(/^.*€ /, '');
    });
    await expectAxeClean(page);

    expect((await orderCli(number, 'paid', due)).stdout).toContain('geregistreerd');
    await both(async (p) => {
      expect(await badge(p)).toBe('Betaald');
      const rows = await moneyRows(p);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatch(new RegExp(`^Ontvangen op ${DAY}: € ${due} \\(overschrijving\\)$`));
    });

    expect((await orderCli(number, 'refund', '5,00')).stdout).toContain('5,00');
    await both(async (p) => {
      expect(await badge(p)).toBe('Terugbetaald (deels)');
      const rows = await moneyRows(p);
      expect(rows[2]).toMatch(new RegExp(`^Terugbetaald op ${DAY}: € 5,00 \\(door ons overgemaakt\\)$`));
      expect(rows[3]).toMatch(/^Saldo \(ontvangen min terugbetaald\): € \d+,\d\d$/);
    });

    expect((await orderCli(number, 'refund')).stdout).toContain('terugbetaling is vastgelegd');
    await both(async (p) => {
      expect(await badge(p)).toBe('Terugbetaald');
      const rows = await moneyRows(p);
      // The rest goes back per payment it came in with: one refund line for each.
      expect(rows.filter((r) => r.startsWith('Terugbetaald op'))).toHaveLength(3);
      expect(rows.at(-1)).toBe('Saldo (ontvangen min terugbetaald): € 0,00');
    });
    await page.setViewportSize(MOBILE);
    await expectAxeClean(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'order-money-375');
    // Four runs of the order command (a Node process each) on a busy machine.
  }, 120_000);
});
