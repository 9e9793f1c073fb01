// Coupons and promotions in the back office (role catalogue): a coupon made on /beheer/kortingscodes (Dutch
// errors next to the fields first) shows on /kortingscodes at once, a shopper uses it at checkout and staff see
// the redemption count; disabling takes it off the public page. A batch of single-use codes is made and
// downloaded as CSV; a free-seed promotion is made on /beheer/acties. Axe and screenshots at 1280 and 375.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { splitCsv } from '~/lib/csv.ts';
import { DESKTOP, MOBILE, expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { open } from './pages.ts';
import { addByRequest, placeBankTransferOrder } from './shop.ts';
import { addStaff, backofficeShots, setupLinkFrom, setUpStaff } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 180_000;
const shot = backofficeShots('coupons-');

async function bothWidths(page: Page, name: string) {
  await expectAxeClean(page);
  await shot(page, `${name}-1280`);
  await page.setViewportSize(MOBILE);
  await shot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
}

describe('back-office coupons and promotions', () => {
  it(
    'a coupon is made, shown on /kortingscodes, used at checkout and counted, then disabled; a batch as CSV; a promotion',
    async () => {
      // Per attempt, so a retry adds its own staff member and codes instead of failing on the first attempt's.
      const stamp = Date.now();
      const CODE = `E2E${String(stamp).slice(-7)}`;
      const PREFIX = `R${String(stamp).slice(-6)}`;
      const added = await addStaff(`kortingen.${stamp}@kiemkracht.nl`, 'catalogue', 'Cato', 'Catalogus');
      const page = await newPage();
      await setUpStaff(page, setupLinkFrom(added.stdout), { ignoreErrors, shot });
      await page.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link', { name: 'Kortingscodes' }).click();
      await page.waitForURL(/\/beheer\/kortingscodes$/);
      await hydrated(page);
      await expect.poll(() => page.getByTestId('coupon-row').filter({ hasText: 'WELKOM10' }).count()).toBe(1);
      await bothWidths(page, 'list');

      // A new code: wrong input is refused next to each field, in Dutch.
      await page.getByRole('link', { name: 'Nieuwe kortingscode' }).click();
      await page.waitForURL(/\/beheer\/kortingscodes\/nieuw$/);
      await hydrated(page);
      await page.getByLabel('Code', { exact: true }).fill('x');
      await page.getByLabel('Percentage', { exact: true }).fill('0');
      await page.getByLabel('Tonen op /kortingscodes').check();
      await page.getByRole('button', { name: 'Kortingscode aanmaken' }).click();
      await expect.poll(() => page.getByTestId('error-code').innerText()).toBe('Gebruik 3 tot 40 hoofdletters, cijfers of streepjes (begin met een letter of cijfer).');
      ignoreErrors(/status of 400/);
      expect(await page.getByTestId('error-percent').innerText()).toBe('Vul een heel percentage van 1 tot en met 100 in.');
      expect(await page.getByTestId('error-description').innerText()).toBe('Een openbare code heeft een omschrijving voor klanten.');
      expect(await page.getByLabel('Code', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      // The stacking rule is next to the form.
      expect(await page.getByText('Zo telt de korting (stapelregel)').count()).toBe(1);
      await bothWidths(page, 'new-errors');

      await page.getByLabel('Code', { exact: true }).fill(CODE.toLowerCase());
      await page.getByLabel('Percentage', { exact: true }).fill('15');
      await page.getByLabel('Omschrijving', { exact: true }).fill('15% korting voor de e2e-test.');
      await page.getByRole('button', { name: 'Kortingscode aanmaken' }).click();
      await page.waitForURL(new RegExp(`/beheer/kortingscodes/${CODE}\\?aangemaakt=1$`));
      await expect.poll(() => page.getByText(`Kortingscode ${CODE} is aangemaakt.`).count()).toBe(1);
      await bothWidths(page, 'edit');

      // Edit: a new percentage and an end date; the form shows what was saved. A colleague's tab opened
      // before that save cannot save over it: it is refused and shows the saved version.
      const colleague = await newPage();
      await colleague.context().addCookies(await page.context().cookies());
      await colleague.goto(`/beheer/kortingscodes/${CODE}`);
      await hydrated(colleague);
      await page.getByLabel('Percentage', { exact: true }).fill('20');
      await page.getByLabel('Geldig tot en met').fill('2099-12-31');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await expect.poll(() => page.getByText('De wijzigingen zijn opgeslagen').count()).toBe(1);
      await expect.poll(() => page.getByLabel('Percentage', { exact: true }).inputValue()).toBe('20');
      expect(await page.getByLabel('Geldig tot en met').inputValue()).toBe('2099-12-31');
      await colleague.getByLabel('Percentage', { exact: true }).fill('5');
      await colleague.getByRole('button', { name: 'Opslaan' }).click();
      await expect.poll(() => colleague.getByText('Iemand anders heeft deze code intussen gewijzigd').count()).toBe(1);
      ignoreErrors(/status of 409/);
      await expect.poll(() => colleague.getByLabel('Percentage', { exact: true }).inputValue()).toBe('20');
      await page.reload();
      expect(await page.getByLabel('Percentage', { exact: true }).inputValue()).toBe('20');

      // The public page shows it at once (its cached copy was dropped).
      const shopper = await newPage();
      await open(shopper, '/kortingscodes');
      expect(await shopper.getByTestId('coupon-code').allInnerTexts()).toContain(CODE);

      // A shopper uses it: in the cart, then through the checkout.
      await addByRequest(shopper, 'skunk-1', '3 zaadjes');
      await open(shopper, '/besteloverzicht');
      await shopper.locator('main').getByLabel('Kortingscode', { exact: true }).fill(CODE.toLowerCase());
      await shopper.locator('main').getByRole('button', { name: 'Toepassen' }).click();
      await shopper.getByTestId('applied-coupon').waitFor();
      const number = await placeBankTransferOrder(shopper, `kortingscode.${stamp}@example.com`);

      // Staff see it used once, with the order.
      await page.goto(`/beheer/kortingscodes?zoek=${CODE}`);
      const row = page.getByTestId('coupon-row').filter({ hasText: CODE });
      expect(await row.getByTestId('coupon-used').innerText()).toBe('1 / onbeperkt');
      expect(await row.innerText()).toContain('t/m 31 december 2099');
      await page.goto(`/beheer/kortingscodes/${CODE}`);
      expect(await page.getByTestId('coupon-redemptions').innerText()).toBe('1 keer gebruikt');
      expect(await page.getByRole('link', { name: number }).count()).toBe(1);

      // Disabled: off the public page at once.
      await page.goto(`/beheer/kortingscodes?zoek=${CODE}`);
      await hydrated(page);
      await page.getByRole('button', { name: `Uitschakelen ${CODE}` }).click();
      await expect.poll(() => page.getByText('De code is uitgeschakeld').count()).toBe(1);
      await expect.poll(() => page.getByTestId('coupon-row').filter({ hasText: CODE }).innerText()).toContain('Uitgeschakeld');
      await open(shopper, '/kortingscodes');
      expect(await shopper.getByTestId('coupon-code').allInnerTexts()).not.toContain(CODE);

      // Without JavaScript the form is a plain post: a code that exists is refused next to the field.
      const plain = await newPage({ javaScriptEnabled: false });
      await plain.context().addCookies(await page.context().cookies());
      await plain.goto('/beheer/kortingscodes/nieuw');
      await plain.getByLabel('Code', { exact: true }).fill(CODE);
      await plain.getByLabel('Percentage', { exact: true }).fill('5');
      await plain.getByRole('button', { name: 'Kortingscode aanmaken' }).click();
      await plain.waitForLoadState();
      expect(await plain.getByTestId('error-code').innerText()).toBe('Deze code bestaat al. Kies een andere.');
      ignoreErrors(/status of 400/);

      // A batch of single-use codes, downloaded as CSV.
      await page.goto('/beheer/kortingscodes/reeks');
      await hydrated(page);
      await page.getByLabel('Voorvoegsel').fill(PREFIX.toLowerCase());
      await page.getByLabel('Aantal codes').fill('6000');
      await page.getByLabel('Percentage', { exact: true }).fill('10');
      await page.getByLabel('Omschrijving', { exact: true }).fill('=1+1 flyer');
      await page.getByRole('button', { name: 'Reeks aanmaken' }).click();
      await expect.poll(() => page.getByTestId('error-count').innerText()).toBe('Vul een heel getal van 1 tot en met 5.000 in.');
      ignoreErrors(/status of 400/);
      await page.getByLabel('Aantal codes').fill('25');
      await page.getByRole('button', { name: 'Reeks aanmaken' }).click();
      await expect.poll(() => page.getByText(`25 codes ${PREFIX}-… zijn aangemaakt.`).count()).toBe(1);
      await bothWidths(page, 'batch');
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `CSV downloaden ${PREFIX}` }).click()]);
      const text = fs.readFileSync(await file.path(), 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = splitCsv(text.slice(1), ';').map((row) => row.join(';'));
      expect(lines[0]).toBe('Code;Soort;Waarde;Minimale bestelwaarde;Geldig vanaf;Geldig tot en met;Gebruikt;Omschrijving');
      const codes = lines.slice(1).map((l) => l.split(';')[0]!);
      expect(codes).toHaveLength(25);
      expect(new Set(codes).size).toBe(25);
      for (const line of lines.slice(1)) expect(line).toMatch(new RegExp(`^${PREFIX}-[2-9A-HJKMNP-Z]{10};Percentage;10%;;;;0;'=1\\+1 flyer$`));
      expect(file.suggestedFilename()).toMatch(new RegExp(`^kiemkracht-codes-${PREFIX}-\\d+\\.csv$`));
      // Staff list the batch's codes from the list page.
      await page.goto(`/beheer/kortingscodes?herkomst=reeks&zoek=${PREFIX}-`);
      expect(await page.getByTestId('coupons-count').innerText()).toBe('25 kortingscodes');

      // A free-seed promotion.
      await page.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link', { name: 'Acties' }).click();
      await page.waitForURL(/\/beheer\/acties$/);
      await hydrated(page);
      await bothWidths(page, 'promotions');
      await page.getByRole('link', { name: 'Nieuwe actie' }).click();
      await page.waitForURL(/\/beheer\/acties\/nieuw$/);
      await hydrated(page);
      await page.getByLabel('Vanaf bestelwaarde in euro').fill('veel');
      await page.getByRole('button', { name: 'Actie aanmaken' }).click();
      await expect.poll(() => page.getByTestId('error-threshold').innerText()).toBe('Vul een bedrag in euro in, bijvoorbeeld 50.');
      ignoreErrors(/status of 400/);
      expect(await page.getByTestId('error-name').innerText()).toBe('Geef de actie een naam (hoogstens 80 tekens).');
      expect(await page.getByTestId('error-packId').innerText()).toBe('Kies een gratis verpakking.');
      await bothWidths(page, 'promotion-errors');
      await page.getByLabel('Naam').fill(`Gratis zaadje vanaf €500 ${stamp}`);
      await page.getByLabel('Gratis verpakking').selectOption({ index: 1 });
      await page.getByLabel('Vanaf bestelwaarde in euro').fill('500');
      await page.getByRole('button', { name: 'Actie aanmaken' }).click();
      await page.waitForURL(/\/beheer\/acties\/\d+\?aangemaakt=1$/);
      await expect.poll(() => page.getByText(/Actie “Gratis zaadje vanaf €500 \d+” is aangemaakt\./).count()).toBe(1);
      await bothWidths(page, 'promotion-edit');
      await page.getByRole('button', { name: 'Uitschakelen' }).click();
      await expect.poll(() => page.getByText('De actie is uitgeschakeld.').count()).toBeGreaterThan(0);

    },
    JOURNEY,
  );
});
