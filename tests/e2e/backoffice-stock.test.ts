// Stock and prices (/beheer/voorraad, role catalogue, ADR 034): the list with its filter; a pack's stock changed
// by a delta and by a count (movements with reason and who), its threshold and price (the shop shows both at
// once); a bulk price change with preview; the CSV export (formula-safe, with the new price) and the import's
// dry run (changes and errors per line, nothing saved) and confirmation. Axe and screenshots at 1280 and 375.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formulaCells } from '~/lib/test-csv.ts';
import { splitCsv } from '~/lib/csv.ts';
import { DESKTOP, MOBILE, expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { fetchHtml } from './pages.ts';
import { backofficeShots, staffMember } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 180_000;
const SLUG = 'stroopwafel-auto';
// The 1-seed pack: the product page shows the first pack in stock, so its count and price are in the HTML.
const SKU = `${SLUG}-1`;
const shot = backofficeShots('stock-');

async function both(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize(MOBILE);
  await shot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
}

const stockShown = async (page: Page) => Number(await page.getByTestId('pack-stock').evaluate((el) => el.firstChild?.textContent ?? ''));

/** Clicks the export link and returns the file's text. */
async function exportCsv(page: Page): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV exporteren' }).click()]);
  expect(file.suggestedFilename()).toMatch(/^kiemkracht-voorraad-\d{4}-\d{2}-\d{2}\.csv$/);
  const chunks: Buffer[] = [];
  for await (const c of await file.createReadStream()) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('stock and prices', () => {
  it(
    'catalogue staff change stock as movements, set threshold and prices, change prices in bulk, export and import CSV',
    async () => {
      const page = await newPage();
      // Per attempt, so a retry adds its own staff member instead of failing on the first attempt's.
      const stamp = Date.now();
      const { email } = await staffMember(page, `voorraad.${stamp}@kiemkracht.nl`, 'catalogue', 'Cato Catalogus');
      await page.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link', { name: 'Voorraad en prijzen' }).click();
      await page.waitForURL(/\/beheer\/voorraad$/);
      await hydrated(page);
      await expect.poll(() => page.getByTestId('stock-count').innerText()).toMatch(/^\d+ zakjes$/);
      await expectAxeClean(page);
      await both(page, 'list');

      // Search narrows the list to one strain's packs.
      await page.getByLabel('Zoeken').fill(SLUG);
      await page.getByRole('button', { name: 'Filteren' }).click();
      await page.waitForURL(/zoek=stroopwafel-auto/);
      await page.getByTestId(`stock-row-${SKU}`).waitFor();
      expect(await page.getByTestId('stock-table').locator('tbody tr').count()).toBeGreaterThanOrEqual(4);
      await page.getByTestId(`stock-row-${SKU}`).getByRole('link', { name: 'Stroopwafel Auto, 1 zaad wijzigen' }).click();
      await page.waitForURL(/\/beheer\/voorraad\/\d+$/);
      await hydrated(page);
      const packPath = new URL(page.url()).pathname;
      const start = await stockShown(page);

      // An empty amount: the message next to the field (the refused submit answers 400).
      await page.getByRole('button', { name: 'Voorraad opslaan' }).click();
      await expect.poll(() => page.getByTestId('error-amount').innerText()).toBe('Vul een heel getal in.');
      ignoreErrors(/status of 400/);
      await expectAxeClean(page);

      // Goods received: a delta.
      await page.getByLabel('Aantal', { exact: true }).fill('25');
      await page.getByLabel('Reden').selectOption({ label: 'Levering ontvangen' });
      await page.getByLabel('Notitie (optioneel)').fill(`pakbon ${stamp}`);
      await page.getByRole('button', { name: 'Voorraad opslaan' }).click();
      await expect.poll(() => page.getByText(`Voorraad gewijzigd met +25; nu ${start + 25}.`).count()).toBe(1);
      await expect.poll(() => stockShown(page)).toBe(start + 25);
      // A stocktake: the counted number.
      await page.getByLabel(/Nieuwe telling/).check();
      await page.getByLabel('Aantal', { exact: true }).fill(String(start + 20));
      await page.getByLabel('Reden').selectOption({ label: 'Telling' });
      await page.getByRole('button', { name: 'Voorraad opslaan' }).click();
      await expect.poll(() => page.getByText(`Voorraad gewijzigd met −5; nu ${start + 20}.`).count()).toBe(1);
      const moves = page.getByTestId('movements').locator('tbody tr');
      await expect.poll(() => moves.count()).toBe(2);
      expect(await moves.nth(0).innerText()).toMatch(/−5\s+\d+\s+Telling/);
      expect(await moves.nth(1).innerText()).toContain(`pakbon ${stamp}`);
      // Who: the staff member's name, not the e-mail address.
      expect(await moves.nth(1).innerText()).toContain('Cato Catalogus');
      expect(await moves.nth(1).innerText()).not.toContain(email);

      // Threshold above the stock and a new price (below the 3-seed pack's: the price list checks that bigger packs cost more): the shop shows both at once.
      const threshold = start + 100;
      await page.getByLabel('Drempel laag').fill(String(threshold));
      await page.getByLabel('Prijs EUR').fill('11,45');
      await page.getByRole('button', { name: 'Drempel en prijzen opslaan' }).click();
      await expect.poll(() => page.getByText('Drempel en prijzen opgeslagen.').count()).toBe(1);
      await expectAxeClean(page);
      await both(page, 'pack');
      const product = await fetchHtml(`/product/${SLUG}`);
      expect(product.html).toMatch(/€\s11,45/);
      expect(product.html).toContain(`Nog maar ${start + 20} op voorraad`);

      // The low-stock filter flags it.
      await page.goto(`/beheer/voorraad?zoek=${SLUG}&laag=1`);
      await hydrated(page);
      expect(await page.getByTestId(`stock-row-${SKU}`).getAttribute('data-low')).toBe('true');

      // Bulk: a bad percentage is refused next to the field; then +10 % to ,95 in EUR, previewed, applied once.
      await page.goto(`/beheer/voorraad/prijzen?zoek=${SLUG}`);
      await hydrated(page);
      await page.getByLabel('Percentage').fill('veel');
      await page.getByRole('button', { name: 'Voorbeeld bekijken' }).click();
      await expect.poll(() => page.getByTestId('error-percent').innerText()).toContain('Vul een percentage in');
      ignoreErrors(/status of 400/);
      await page.getByLabel('Percentage').fill('10');
      await page.getByLabel(/Op de dichtstbijzijnde ,95/).check();
      await page.getByRole('checkbox', { name: 'EUR' }).check();
      await page.getByRole('button', { name: 'Voorbeeld bekijken' }).click();
      const row = page.getByTestId(`preview-${SKU}`);
      await row.waitFor();
      expect(await row.innerText()).toMatch(/€\s11,45\s*→\s*€\s12,95/);
      await expectAxeClean(page);
      await both(page, 'bulk-preview');
      await page.getByRole('button', { name: 'Nieuwe prijzen opslaan' }).click();
      await expect.poll(() => page.getByText(/\d+ prijzen aangepast\./).count()).toBe(1);
      expect((await fetchHtml(`/product/${SLUG}`)).html).toMatch(/€\s12,95/);

      // Export: BOM, header, the new price; no cell a spreadsheet would run.
      await page.goto('/beheer/voorraad');
      await hydrated(page);
      const csv = await exportCsv(page);
      expect(csv.startsWith('\uFEFF"sku";"soort";"zaden";"gratis";"voorraad";"nieuwe voorraad";"drempel laag";"EUR";')).toBe(true);
      const [header, ...lines] = splitCsv(csv.replace(/^\uFEFF/, ''), ';');
      const at = (name: string) => header!.indexOf(name);
      const line = lines.find((l) => l[0] === SKU)!;
      expect(line[at('EUR')]).toBe('12,95');
      expect(line[at('voorraad')]).toBe(String(start + 20));
      expect(formulaCells(csv, ';')).toEqual([]);
      expect(formulaCells(csv, ',')).toEqual([]);

      // Import with an error: the dry run lists the change and the error per line, saves nothing, offers no confirm.
      const bad = [...line];
      bad[at('nieuwe voorraad')] = String(start + 25);
      const other = lines.find((l) => l[0] === `${SLUG}-5`)!;
      other[at('EUR')] = 'gratis';
      const file = (rows: string[][]) => Buffer.from([header!, ...rows].map((r) => r.join(';')).join('\r\n'));
      await page.goto('/beheer/voorraad/import');
      await hydrated(page);
      await expectAxeClean(page);
      await page.getByLabel('CSV-bestand').setInputFiles({ name: 'voorraad.csv', mimeType: 'text/csv', buffer: file([bad, other]) });
      await page.getByRole('button', { name: /Controleren/ }).click();
      await page.getByTestId('import-plan').waitFor();
      expect(await page.getByTestId(`import-change-${SKU}`).innerText()).toContain(`voorraad ${start + 20} → ${start + 25}`);
      expect(await page.getByTestId('import-error').innerText()).toMatch(/^3\s+"EUR gratis" is geen geldige prijs/);
      expect(await page.getByRole('button', { name: 'Import bevestigen en opslaan' }).count()).toBe(0);
      await expectAxeClean(page);
      await both(page, 'import-errors');
      await page.goto(packPath);
      expect(await stockShown(page)).toBe(start + 20);

      // The corrected file: confirmed, saved as a movement with reason CSV-import.
      await page.goto('/beheer/voorraad/import');
      await hydrated(page);
      await page.getByLabel('CSV-bestand').setInputFiles({ name: 'voorraad.csv', mimeType: 'text/csv', buffer: file([bad]) });
      await page.getByRole('button', { name: /Controleren/ }).click();
      await page.getByTestId('import-plan').waitFor();
      await both(page, 'import-plan');
      await page.getByRole('button', { name: 'Import bevestigen en opslaan' }).click();
      await expect.poll(() => page.getByText('1 zakje bijgewerkt.').count()).toBe(1);
      await page.goto(packPath);
      await hydrated(page);
      expect(await stockShown(page)).toBe(start + 25);
      expect(await page.getByTestId('movements').locator('tbody tr').first().innerText()).toMatch(/\+5\s+\d+\s+CSV-import/);

      // Without JavaScript the stock form works as a plain post.
      const plain = await newPage({ javaScriptEnabled: false });
      await plain.context().addCookies(await page.context().cookies());
      await plain.goto(packPath);
      await plain.getByLabel('Aantal', { exact: true }).fill('-2');
      await plain.getByLabel('Reden').selectOption({ label: 'Beschadigd of verloren' });
      await plain.getByRole('button', { name: 'Voorraad opslaan' }).click();
      await plain.waitForLoadState();
      expect(await plain.getByText(`Voorraad gewijzigd met −2; nu ${start + 23}.`).count()).toBe(1);
    },
    JOURNEY,
  );
});
