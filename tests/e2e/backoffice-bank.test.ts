// Payments received and bank reconciliation (ADR 029): the order page's "Betaling ontvangen" form (errors
// next to the fields, a partial amount, then the rest), and /beheer/bank: a bad file refused next to the
// file field, a statement previewed and booked, the same file again booking nothing; a credit without a match
// assigned to an open order found by the search, another marked "niet voor een bestelling", both remembered on an
// overlapping statement, with and without JavaScript; axe and screenshots.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { freshEmail, mailTo } from './accounts.ts';
import { placeBankTransferOrder } from './shop.ts';
import { addStaff, backofficeShots, logIn, setupLinkFrom, setUpStaff } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 150_000;
const stamp = Date.now();

const shot = backofficeShots('bank-');

/** A bank-transfer order placed in the shop by a new visitor; its number. */
const placeOrder = async (buyer: string) => placeBankTransferOrder(await newPage(), buyer);

/** "Betaling ontvangen", opened from its button's address (`?actie=betaling`, ADR 064). */
const receiptForm = (page: Page) => page.getByTestId('payment-received-form');

describe('payments received and bank reconciliation', () => {
  let email = '';
  let secret = '';

  it(
    'an owner books a partial amount and then the rest on the order page; wrong amounts get their message next to the field',
    async () => {
      // Per attempt: a retry adds its own staff member instead of failing on the first attempt's.
      email = freshEmail('bank.eigenaar', 'kiemkracht.nl');
      const added = await addStaff(email, 'owner', 'Bo', 'Boekhouder');
      const page = await newPage();
      ({ secret } = await setUpStaff(page, setupLinkFrom(added.stdout), { ignoreErrors, shot }));

      const number = await placeOrder(`bank.koper.${stamp}@example.com`);
      await page.goto(`/beheer/bestellingen/${number}?actie=betaling`);
      await hydrated(page);
      const amount = receiptForm(page).getByLabel('Bedrag', { exact: true });
      const total = await amount.inputValue();
      expect(total).toMatch(/^\d+,\d{2}$/);

      await amount.fill('veertien');
      await receiptForm(page).getByRole('button', { name: 'Betaling boeken' }).click();
      await expect.poll(() => page.getByTestId('error-amount').innerText()).toBe('Vul een bedrag in, zoals 14,90.');
      await amount.fill('0');
      await receiptForm(page).getByLabel('Ontvangen op').fill('2099-01-01');
      await receiptForm(page).getByRole('button', { name: 'Betaling boeken' }).click();
      await expect.poll(() => page.getByTestId('error-amount').innerText()).toBe('Het bedrag moet groter zijn dan 0.');
      expect(await page.getByTestId('error-date').innerText()).toBe('Vul een geldige datum in, niet in de toekomst.');

      // 5,00 of the total: partly paid, the rest still due and prefilled in a fresh form.
      await amount.fill('5,00');
      await receiptForm(page).getByLabel('Ontvangen op').fill('2026-01-02');
      await receiptForm(page).getByLabel('Notitie (optioneel)').fill('Eerste deel per post');
      await receiptForm(page).getByRole('button', { name: 'Betaling boeken' }).click();
      await expect.poll(() => page.getByTestId('form-success').innerText()).toContain('geboekt');
      await expect.poll(() => page.getByText('Deels betaald').count()).toBeGreaterThan(0);
      const summary = await page.getByTestId('payment-summary').innerText();
      expect(summary).toContain('Totaal ontvangen');
      expect(summary).toContain('5,00');
      expect(summary).toContain('Nog te betalen');
      // The customer hears that part came in, and what is still due.
      const partMail = await mailTo(`bank.koper.${stamp}@example.com`, 'Deelbetaling ontvangen');
      expect(partMail).toContain(`voor bestelling ${number}`);
      expect(partMail).toContain('Er staat nog');
      expect(await page.getByTestId('order-timeline').innerText()).toContain('Eerste deel per post');
      const rest = await receiptForm(page).getByLabel('Bedrag', { exact: true }).inputValue();
      const cents = (euros: string) => Number(euros.replace(',', ''));
      expect(cents(rest)).toBe(cents(total) - 500);
      await expectAxeClean(page);
      await shot(page, 'order-partly-paid-1280');

      await receiptForm(page).getByRole('button', { name: 'Betaling boeken' }).click();
      await expect.poll(() => page.getByTestId('form-success').innerText()).toContain('de bestelling is nu betaald');
      await expect.poll(() => receiptForm(page).count()).toBe(0);
      expect(await page.getByTestId('payment-summary').innerText()).not.toContain('Nog te betalen');
      // The refused submits above answered 400, as they should.
      ignoreErrors(/status of 400/);
    },
    JOURNEY,
  );

  it(
    'a bad file is refused next to the file field; a statement is previewed, booked, and booking the same file again books nothing',
    async () => {
      const number = await placeOrder(`bank.afschrift.${stamp}@example.com`);
      const page = await newPage();
      await logIn(page, email, secret);
      await page.goto(`/beheer/bestellingen/${number}?actie=betaling`);
      await hydrated(page);
      const due = await receiptForm(page).getByLabel('Bedrag', { exact: true }).inputValue();

      await page.getByRole('link', { name: 'Bankafschriften' }).first().click();
      await page.waitForURL(/\/beheer\/bank$/);
      await hydrated(page);
      await expectAxeClean(page);
      await page.getByRole('button', { name: 'Afschrift lezen' }).click();
      await expect.poll(() => page.getByTestId('error-file').innerText()).toBe('Kies een bestand.');
      const file = page.getByLabel('Bestand');
      await file.setInputFiles({ name: 'kwaad.xml', mimeType: 'application/xml', buffer: fs.readFileSync('tests/fixtures/bank/xxe.xml') });
      await page.getByRole('button', { name: 'Afschrift lezen' }).click();
      await expect.poll(() => page.getByTestId('error-file').innerText()).toContain('DOCTYPE');
      await page.getByLabel('Bestand').setInputFiles({ name: 'groot.csv', mimeType: 'text/csv', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'a') });
      await page.getByRole('button', { name: 'Afschrift lezen' }).click();
      await expect.poll(() => page.getByTestId('error-file').innerText()).toBe('Dit bestand is groter dan 5 MB.');

      // A second order of the same amount, paid without a reference: staff pick it among the open orders of that amount.
      const second = await placeOrder(`bank.keuze.${stamp}@example.com`);
      await page.goto(`/beheer/bestellingen/${second}?actie=betaling`);
      const secondDue = await receiptForm(page).getByLabel('Bedrag', { exact: true }).inputValue();
      // The ING sample: this order's number (typed loosely) and amount in its first line, the second order's amount in its third.
      const csv = fs
        .readFileSync('tests/fixtures/bank/ing.csv', 'utf8')
        .replace('"7,45"', `"${due}"`)
        .replaceAll('KK-7Q4M-9XHD', number.toLowerCase().replace(/-/g, ' '))
        .replace('"35,00"', `"${secondDue}"`)
        .replace('KK-B2C3-D4E5', 'zaden');
      const upload = async () => {
        await page.goto('/beheer/bank');
        await hydrated(page);
        await page.getByLabel('Bestand').setInputFiles({ name: `ing-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await page.getByRole('button', { name: 'Afschrift lezen' }).click();
        await page.waitForURL(/afschrift=[0-9a-f]{64}/);
        await page.getByTestId('bank-preview').waitFor();
      };
      await upload();
      const first = page.getByTestId('bank-line-0');
      expect(await first.getAttribute('data-kind')).toBe('matched');
      expect(await first.innerText()).toContain(number);
      expect(await page.getByTestId('bank-line-1').getAttribute('data-kind')).toBe('debit');
      expect(await page.getByTestId('bank-line-2').getAttribute('data-kind'), `${due} / ${secondDue}: ${await page.getByTestId('bank-preview').innerText()}`).toBe('ambiguous');
      expect(await page.getByTestId('count-matched').innerText()).toMatch(/Gevonden: [1-9]/);
      await expectAxeClean(page);
      await shot(page, 'preview-1280');
      await page.setViewportSize(MOBILE);
      await shot(page, 'preview-375');
      await page.setViewportSize(DESKTOP);

      // The preview booked nothing: the order is still open.
      const orderPage = await page.context().newPage();
      await orderPage.goto(`/beheer/bestellingen/${number}?actie=betaling`);
      expect(await orderPage.getByTestId('payment-received-form').count()).toBe(1);

      await page.getByTestId('bank-line-2').getByRole('combobox').selectOption(second);
      await page.getByRole('button', { name: 'Boeken' }).click();
      await expect.poll(() => page.getByTestId('form-success').innerText()).toMatch(/^2 geboekt/);
      await expect.poll(() => page.getByTestId('bank-line-2').getAttribute('data-kind')).toBe('booked');
      expect(await page.getByTestId('bank-line-2').innerText()).toContain(second);
      await expect.poll(() => page.getByTestId('bank-line-0').getAttribute('data-kind')).toBe('booked');
      await orderPage.reload();
      expect(await orderPage.getByTestId('payment-received-form').count()).toBe(0);
      expect(await orderPage.getByTestId('order-timeline').innerText()).toContain('Ontvangen (bankafschrift)');

      // The same file again: every line it booked is "already booked", and booking adds nothing.
      await upload();
      expect(await page.getByTestId('bank-line-0').getAttribute('data-kind')).toBe('booked');
      await page.getByRole('button', { name: 'Boeken' }).click();
      await expect.poll(() => page.getByTestId('form-success').innerText()).toMatch(/^0 geboekt, 0 ter controle vastgelegd, [1-9]\d* al eerder geboekt/);
      await orderPage.reload();
      expect((await orderPage.getByTestId('order-timeline').innerText()).match(/Ontvangen \(bankafschrift\)/g)).toHaveLength(1);
      ignoreErrors(/status of 400/);
    },
    JOURNEY,
  );

  /** An ING CSV of credits without a bank reference: [date (yyyymmdd), name, amount, description]. */
  const ingCsv = (lines: [string, string, string, string][]) =>
    Buffer.from(
      [
        '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen"',
        ...lines.map(([date, name, amount, text]) => `"${date}";"${name}";"NL69INGB0123456789";"NL20RABO0300000003";"OV";"Bij";"${amount}";"Overschrijving";"${text}"`),
      ].join('\n'),
    );
  const uploadCsv = async (page: Page, name: string, bytes: Buffer) => {
    await page.goto('/beheer/bank');
    await page.getByLabel('Bestand').setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
    await page.getByRole('button', { name: 'Afschrift lezen' }).click();
    await page.waitForURL(/afschrift=[0-9a-f]{64}/);
    await page.getByTestId('bank-preview').waitFor();
  };

  for (const js of [true, false]) {
    it(
      `${js ? 'with' : 'without'} JavaScript: a credit without a match is assigned to an open order found by the search, another marked not for an order; an overlapping statement shows both`,
      async () => {
        const tag = `${stamp}${js ? 'j' : 'n'}`;
        const number = await placeOrder(`bank.toewijzen.${tag}@example.com`);
        // Logging in needs a hydrated page; without JavaScript the journey continues in a context with its cookies.
        const login = await newPage();
        await logIn(login, email, secret);
        const page = js ? login : await newPage({ javaScriptEnabled: false, storageState: await login.context().storageState() });
        // Two credits no reference, amount or name finds: a wrong amount, and the bank's interest.
        const paid = ['20261204', 'ONBEKENDE BETALER', '3,21', `storting ${tag}`] as [string, string, string, string];
        const interest = ['20261204', 'ING BANK', '0,07', `rente ${tag}`] as [string, string, string, string];
        await uploadCsv(page, `dec-${tag}.csv`, ingCsv([paid, interest]));
        if (js) await hydrated(page);
        const line = (i: number) => page.getByTestId(`bank-line-${i}`);
        expect(await line(0).getAttribute('data-kind')).toBe('unmatched');
        expect(await line(1).getAttribute('data-kind')).toBe('unmatched');
        expect(await line(0).innerText()).toContain('4 december 2026');

        // The search (a plain GET form) narrows the open orders each unmatched line offers to this order.
        await page.getByLabel('Zoek een open bestelling').fill(number);
        await page.getByRole('button', { name: 'Zoeken' }).click();
        await page.waitForURL(/zoek=/);
        if (js) await hydrated(page);
        const option = line(0).locator('option', { hasText: number });
        expect(await option.count()).toBe(1);
        await line(0).getByLabel('Toewijzen aan').selectOption((await option.getAttribute('value'))!);
        // "Niet voor een bestelling" without a note: refused, the message next to the note, nothing booked.
        await line(1).getByLabel('Toewijzen aan').selectOption('-');
        await page.getByRole('button', { name: 'Boeken' }).click();
        await expect.poll(() => line(1).getByText('Schrijf erbij waarvoor dit geld is.').count()).toBe(1);
        expect(await line(1).getByLabel(/^Notitie/).getAttribute('aria-invalid')).toBe('true');
        expect(await line(0).getAttribute('data-kind')).toBe('unmatched');
        // The choices are kept on the refused form.
        expect(await line(0).getByLabel('Toewijzen aan').inputValue()).toContain(number);
        // axe runs inside the page: only where the page runs scripts (the same markup is checked with them).
        if (js) await expectAxeClean(page);
        await shot(page, `assign-error-${js ? 'js' : 'nojs'}-1280`);

        await line(1).getByLabel(/^Notitie/).fill(`Rente ${tag}`);
        await page.getByRole('button', { name: 'Boeken' }).click();
        await expect.poll(() => page.getByTestId('form-success').innerText()).toContain('1 gemarkeerd als niet voor een bestelling');
        expect(await page.getByTestId('form-success').innerText()).toMatch(/^1 geboekt/);
        await expect.poll(() => line(0).getAttribute('data-kind')).toBe('booked');
        expect(await line(0).innerText()).toContain(number);
        expect(await line(1).getAttribute('data-kind')).toBe('ignored');
        expect(await line(1).innerText()).toContain(`Niet voor een bestelling: Rente ${tag}`);

        // A later statement that overlaps: the decisions show instead of "Niet gevonden".
        await uploadCsv(page, `dec-${tag}-2.csv`, ingCsv([['20261205', 'NIEUW', '1,11', `nieuw ${tag}`], interest, paid]));
        if (js) await hydrated(page);
        expect(await line(0).getAttribute('data-kind')).toBe('unmatched');
        expect(await line(1).getAttribute('data-kind')).toBe('ignored');
        expect(await line(1).innerText()).toContain(`Rente ${tag}`);
        expect(await line(2).getAttribute('data-kind')).toBe('booked');
        expect(await line(2).innerText()).toContain(number);
        // axe runs inside the page: only where the page runs scripts (the same markup is checked with them).
        if (js) await expectAxeClean(page);
        await shot(page, `assign-remembered-${js ? 'js' : 'nojs'}-1280`);
        await page.setViewportSize(MOBILE);
        await shot(page, `assign-remembered-${js ? 'js' : 'nojs'}-375`);
        ignoreErrors(/status of 400/);
      },
      JOURNEY,
    );
  }
});
