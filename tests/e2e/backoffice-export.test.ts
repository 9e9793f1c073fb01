// Bookkeeping exports in the browser: an order by a customer whose name looks like a formula, paid; both
// CSV files downloaded through /beheer/export (byte-order mark, header row, the name neutralised, the
// headers of a private attachment); bad dates answered next to their field; support gets 403; axe; 375/1280.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shopDay } from '~/lib/format.ts';
import { formulaCells } from '~/lib/test-csv.ts';
import { splitCsv } from '~/lib/csv.ts';
import { freshEmail } from './accounts.ts';
import { DESKTOP, MOBILE, baseURL, expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { open } from './pages.ts';
import { STAFF_TOKEN } from './server.ts';
import { placeBankTransferOrder, section } from './shop.ts';
import { addStaff, backofficeShots, setupLinkFrom, setUpStaff } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const FORMULA_NAME = '=HYPERLINK("http://x";"klik")';

const shot = backofficeShots();

async function staffPage(role: 'owner' | 'orders' | 'support', name: string) {
  const added = await addStaff(freshEmail(`${role}.export`, 'kiemkracht.nl'), role, name);
  const page = await newPage();
  await setUpStaff(page, setupLinkFrom(added.stdout), { shot, ignoreErrors });
  return page;
}

/** Clicks a download button and returns the file's bytes, its suggested name and its address. */
async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await file.path();
  return { bytes: fs.readFileSync(path), name: file.suggestedFilename(), url: file.url() };
}

describe('back-office exports', () => {
  it('orders and payments as CSV through the page: BOM, header row, a formula-like name neutralised, private attachment headers; bad input next to its field', async () => {
    // A customer whose first name a spreadsheet would run, paying by bank transfer; staff record the payment.
    const shopper = await newPage();
    const buyer = freshEmail('export');
    const number = await placeBankTransferOrder(shopper, buyer, (page) => section(page, 'Verzendadres').getByLabel('Voornaam').fill(FORMULA_NAME));
    const paid = await shopper.request.post('/api/staff/orders', { data: { number, action: 'paid' }, headers: { Authorization: `Bearer ${STAFF_TOKEN}`, Origin: baseURL() } });
    expect(paid.status()).toBe(200);

    const page = await staffPage('owner', 'Bram Boekhouding');
    await page.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link', { name: 'Export' }).click();
    await page.waitForURL(/\/beheer\/export$/);
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Export voor de boekhouding');
    await expectAxeClean(page);
    await shot(page, 'export-1280');
    await page.setViewportSize(MOBILE);
    await shot(page, 'export-375');
    await page.setViewportSize(DESKTOP);

    // Bad input: the server's Dutch message next to the field, the page still there.
    await page.getByLabel('Van').fill('');
    await page.getByRole('button', { name: 'Bestellingen (CSV)' }).click();
    await expect.poll(() => page.getByTestId('error-van').innerText()).toBe('Kies een begindatum.');
    await hydrated(page);
    await page.getByLabel('Van').fill('2026-12-31');
    await page.getByLabel('Tot en met').fill('2026-01-01');
    await page.getByRole('button', { name: 'Betalingen (CSV)' }).click();
    await expect.poll(() => page.getByTestId('error-tot').innerText()).toBe('De einddatum ligt vóór de begindatum.');
    ignoreErrors(/status of 400/);
    await hydrated(page);
    await expectAxeClean(page);

    const today = shopDay(new Date());
    await page.getByLabel('Van').fill(today);
    await page.getByLabel('Tot en met').fill(today);
    const orders = await download(page, 'Bestellingen (CSV)');
    expect(orders.name).toBe(`kiemkracht-bestellingen-${today}-${today}.csv`);
    expect([...orders.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const ordersText = orders.bytes.toString('utf8').slice(1);
    const ordersRows = splitCsv(ordersText, ';');
    expect(ordersRows[0]!.join(';')).toBe('Bestelnummer;Datum;Klantnaam;E-mail;Land;Regio;Valuta;Subtotaal;Korting;Verzendkosten;Totaal;Betaalmethode;Betaalstatus;Status;Kortingscode;Betaald op');
    const row = ordersRows.find((r) => r[0] === number)!;
    expect(row.slice(2, 5)).toEqual([`'=HYPERLINK("http://x";"klik") de Vries`, buyer, 'NL']);
    expect(row.slice(11, 14)).toEqual(['Overschrijving', 'Betaald', 'In behandeling']);
    expect(formulaCells(ordersText, ',')).toEqual([]);

    // The file's own headers (fetched again: the link works a few minutes for the one who asked).
    const again = await page.request.get(orders.url);
    expect(again.status()).toBe(200);
    expect(again.headers()).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="kiemkracht-bestellingen-${today}-${today}.csv"`,
      'cache-control': 'private, no-store',
    });

    // Only paid orders, payments: the receipt of this order is a line with its amount.
    await page.getByLabel('Betaalstatus').selectOption('complete');
    const payments = await download(page, 'Betalingen (CSV)');
    expect(payments.name).toBe(`kiemkracht-betalingen-${today}-${today}.csv`);
    expect([...payments.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const paymentRows = splitCsv(payments.bytes.toString('utf8').slice(1), ';');
    expect(paymentRows[0]!.join(';')).toBe('Bestelnummer;Datum;Soort;Betaalmethode;Provider;Referentie;Status;Bedrag;Valuta;Terugbetaald;Reden');
    expect(paymentRows.find((r) => r[0] === number)!.join(';')).toMatch(new RegExp(`^${number};${today} \\d\\d:\\d\\d;Ontvangst;Overschrijving;manual;${number};Betaald;\\d+,\\d\\d;EUR;0,00;$`));

    // Both exports are in the audit log (the owner may read it).
    await open(page, '/beheer/audit');
    const audit = await page.locator('main').innerText();
    expect(audit).toContain('heeft bestellingen geëxporteerd');
    expect(audit).toContain('heeft betalingen geëxporteerd');
    // A download handle of someone else, or made up, opens nothing.
    expect((await page.request.get('/beheer/export/999999999')).status()).toBe(404);
  }, 150_000);

  it('support staff get 403 on the export page and its form, and no Export in the menu', async () => {
    const support = await staffPage('support', 'Sam Support');
    expect(await support.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link').allInnerTexts()).not.toContain('Export');
    const res = await support.goto('/beheer/export');
    expect(res?.status()).toBe(403);
    await hydrated(support);
    expect(await support.getByTestId('backoffice-error').innerText()).toContain('Je hebt geen toegang tot deze pagina.');
    ignoreErrors(/status of 403/);
    const post = await support.request.post('/beheer/export', {
      form: { soort: 'orders', van: '2026-01-01', tot: '2026-12-31' },
      headers: { Origin: baseURL(), 'Sec-Fetch-Site': 'same-origin' },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    expect((await support.request.get('/beheer/export/1')).status()).toBe(403);
  }, 120_000);
});
