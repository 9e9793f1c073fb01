// Customers, newsletter and affiliates in the back office (ADR 037).
// - Support finds a customer by order number, sees the order (linked), the address and the newsletter consent;
//   blocks them (an empty reason is refused next to the field): their session ends and the log-in says why;
//   unblocks; sends the reset mail; downloads the privacy export; deletion is refused while the order is open
//   and after the wrong typed confirmation, then done.
// - Content sees subscribers with their consent proof and downloads the CSV of confirmed addresses.
// - The owner approves an affiliate application with a rate, sees the held commission of a referred paid order,
//   changes the rate and suspends. Axe and screenshots at 1280 and 375 on every page type.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, freshEmail, logIn as customerLogIn, mailTo, PASSWORD as CUSTOMER_PASSWORD } from './accounts.ts';
import { baseURL, DESKTOP, expectAxeClean, hydrated, MOBILE, useBrowser } from './browser.ts';
import { open } from './pages.ts';
import { STAFF_TOKEN } from './server.ts';
import { createAddressByRequest, placeBankTransferOrder } from './shop.ts';
import { backofficeShots, orderCli, postForm, staffMember } from './staff.ts';
import { formulaCells } from '~/lib/test-csv.ts';
import { splitCsv } from '~/lib/csv.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 180_000;
const shot = backofficeShots('customers-');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Beheermenu' }).first();

async function shots(page: Page, name: string) {
  await expectAxeClean(page);
  await shot(page, `${name}-1280`);
  await page.setViewportSize(MOBILE);
  await expectAxeClean(page);
  await shot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
}

async function signUpForNewsletter(page: Page, email: string) {
  const form = page.getByTestId('newsletter-footer');
  await form.getByLabel('E-mailadres').fill(email);
  // The status already says "Bijna klaar!" after a first sign-up on the page: wait for this one's answer.
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/nieuwsbrief'));
  await form.getByRole('button', { name: 'Inschrijven' }).click();
  expect((await answered).status()).toBe(200);
  await expect.poll(() => form.getByTestId('newsletter-status').innerText()).toContain('Bijna klaar!');
}

describe('back office: customers, newsletter, affiliates', () => {
  it(
    'support finds a customer, sees orders, address and consent, blocks (log-in refused), sends a reset, exports and deletes on request',
    async () => {
      const email = freshEmail('klantbeheer');
      const customer = await newPage();
      const number = await placeBankTransferOrder(customer, email);
      await createAccount(customer, email, 'Femke Jansen');
      await createAddressByRequest(customer, { firstName: 'Femke', lastName: 'Jansen', line1: 'Oudegracht 12', postalCode: '3511 AR', city: 'Utrecht', country: 'NL', phone: '0612345678' });
      await open(customer, '/faq');
      await signUpForNewsletter(customer, email);

      const page = await newPage();
      await staffMember(page, `klanten.support.${Date.now()}@kiemkracht.nl`, 'support', 'Sam Support');
      await menu(page).getByRole('link', { name: 'Klanten' }).click();
      await page.waitForURL(/\/beheer\/klanten$/);
      await hydrated(page);
      await page.getByRole('searchbox', { name: 'Zoeken' }).fill(number);
      await page.getByRole('button', { name: 'Zoeken' }).click();
      await page.waitForURL(/zoek=/);
      await expect.poll(() => page.getByTestId('customers-count').innerText()).toBe('1 klant');
      await shots(page, 'list');

      await page.getByRole('link', { name: 'Femke Jansen' }).click();
      await page.waitForURL(/\/beheer\/klanten\/\d+$/);
      await hydrated(page);
      const customerPath = new URL(page.url()).pathname;
      expect(await page.getByTestId('customer-orders').getByRole('link', { name: number }).getAttribute('href')).toBe(`/beheer/bestellingen/${number}`);
      expect(await page.getByTestId('customer-addresses').innerText()).toContain('Oudegracht 12');
      const consent = await page.getByTestId('customer-newsletter').innerText();
      expect(consent).toContain('Wacht op bevestiging');
      expect(consent).toContain('Footer');
      await shots(page, 'detail');

      // Blocking needs a reason, next to the field.
      const block = page.getByTestId('action-block');
      await block.getByRole('button', { name: 'Blokkeren' }).click();
      await expect.poll(() => block.getByTestId('error-reason').innerText()).toBe('Schrijf waarom je dit account blokkeert.');
      ignoreErrors(/status of 400/);
      await block.getByLabel('Reden (alleen voor medewerkers)').fill('Betaalt niet en scheldt de klantenservice uit.');
      await block.getByRole('button', { name: 'Blokkeren' }).click();
      await expect.poll(() => page.getByText('Het account is geblokkeerd; de klant is overal uitgelogd.').count()).toBe(1);
      expect(await page.getByTestId('blocked-notice').innerText()).toContain('Betaalt niet en scheldt de klantenservice uit.');
      await shots(page, 'blocked');

      // Their session is gone; logging in says the account is blocked.
      await customer.goto('/account');
      await customer.waitForURL(/\/inloggen/);
      await hydrated(customer);
      await customerLogIn(customer, email, CUSTOMER_PASSWORD);
      await expect.poll(() => customer.getByText('Je account is geblokkeerd.', { exact: false }).count()).toBe(1);
      ignoreErrors(/status of 403/);

      await page.getByTestId('action-unblock').getByRole('button', { name: 'Blokkade opheffen' }).click();
      await expect.poll(() => page.getByText('De blokkade is opgeheven.').count()).toBe(1);
      await customerLogIn(customer, email, CUSTOMER_PASSWORD);
      await customer.waitForURL(/\/account/);

      await page.getByTestId('action-reset').getByRole('button', { name: 'Herstelmail versturen' }).click();
      await expect.poll(() => page.getByText(`De herstelmail is verstuurd naar ${email}.`).count()).toBe(1);
      expect(await mailTo(email, '/wachtwoord-herstellen?token=')).toMatch(/^Subject: /m);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Gegevens downloaden' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^kiemkracht-klant-\d+-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as { account: { email: string }; orders: { number: string }[] };
      expect(file.account.email).toBe(email);
      expect(file.orders.map((o) => o.number)).toEqual([number]);
      await page.goto(customerPath);
      await hydrated(page);

      // Without JavaScript the forms are plain posts: a block without a reason is refused next to the field.
      const plain = await newPage({ javaScriptEnabled: false });
      await plain.context().addCookies(await page.context().cookies());
      await plain.goto(customerPath);
      await plain.getByTestId('action-block').getByRole('button', { name: 'Blokkeren' }).click();
      await plain.waitForLoadState();
      expect(await plain.getByTestId('action-block').getByTestId('error-reason').innerText()).toBe('Schrijf waarom je dit account blokkeert.');

      // Deletion: refused while the order is open, and for a wrong confirmation.
      const remove = page.getByTestId('action-delete');
      await remove.getByLabel(/^Typ .* om te bevestigen$/).fill(email);
      await remove.getByRole('button', { name: 'Definitief verwijderen' }).click();
      await expect.poll(() => remove.getByRole('alert').innerText()).toContain('nog een bestelling die onderweg is');
      ignoreErrors(/status of 409/);
      await orderCli(number, 'cancel');
      await page.reload();
      await hydrated(page);
      await remove.getByLabel(/^Typ .* om te bevestigen$/).fill('iemand@anders.nl');
      await remove.getByRole('button', { name: 'Definitief verwijderen' }).click();
      await expect.poll(() => remove.getByTestId('error-confirm').innerText()).toBe('Typ precies het e-mailadres van de klant.');
      ignoreErrors(/status of 400/);
      await remove.getByLabel(/^Typ .* om te bevestigen$/).fill(email.toUpperCase());
      await remove.getByRole('button', { name: 'Definitief verwijderen' }).click();
      await page.waitForURL(/\/beheer\/klanten\?verwijderd=1$/);
      await expect.poll(() => page.getByTestId('form-success').innerText()).toBe('Het account is verwijderd. 1 bestelling is geanonimiseerd bewaard.');
      expect((await page.request.get(customerPath)).status()).toBe(404);
      ignoreErrors(/status of 404/);
      await page.goto(`/beheer/klanten?zoek=${encodeURIComponent(number)}`);
      expect(await page.getByTestId('customers-count').innerText()).toBe('0 klanten');
    },
    JOURNEY,
  );

  it(
    'content sees subscribers with their consent proof and downloads the confirmed ones for the mail tool',
    async () => {
      const confirmed = freshEmail('nb-bevestigd');
      const waiting = freshEmail('nb-wacht');
      const visitor = await newPage();
      await open(visitor, '/faq');
      await signUpForNewsletter(visitor, confirmed);
      await signUpForNewsletter(visitor, waiting);
      const link = /https?:\/\/[^\s"<>]+\/nieuwsbrief\/bevestigen\?t=[A-Za-z0-9._-]+/.exec(await mailTo(confirmed, '/nieuwsbrief/bevestigen'))![0];
      await open(visitor, new URL(link).pathname + new URL(link).search);
      await visitor.getByRole('button', { name: 'Inschrijving bevestigen' }).click();
      await expect.poll(() => visitor.getByTestId('newsletter-confirmed').innerText()).toContain('Je inschrijving is bevestigd.');

      const page = await newPage();
      await staffMember(page, `nieuwsbrief.content.${Date.now()}@kiemkracht.nl`, 'content', 'Cas Content');
      expect(await menu(page).getByRole('link', { name: 'Klanten' }).count()).toBe(0);
      await menu(page).getByRole('link', { name: 'Nieuwsbrief' }).click();
      await page.waitForURL(/\/beheer\/nieuwsbrief$/);
      await hydrated(page);
      const rows = page.getByTestId('subscribers-table');
      await expect.poll(() => rows.getByRole('row').filter({ hasText: confirmed }).innerText()).toMatch(/Bevestigd[\s\S]*Footer[\s\S]*nb-2026/);
      expect(await rows.getByRole('row').filter({ hasText: waiting }).innerText()).toContain('Wacht op bevestiging');
      await shots(page, 'newsletter');

      await page.getByRole('link', { name: /^Bevestigd/ }).click();
      await page.waitForURL(/status=confirmed/);
      // The address bar changes before the filtered table is rendered.
      await expect.poll(() => rows.getByRole('row').filter({ hasText: waiting }).count()).toBe(0);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV downloaden' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^kiemkracht-nieuwsbrief-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await fs.readFile((await download.path())!, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const lines = splitCsv(csv.slice(1), ';');
      expect(lines[0]).toEqual(['E-mailadres', 'Bevestigd op', 'Aangemeld op', 'Via', 'Tekstversie']);
      expect(lines.map((l) => l[0])).toContain(confirmed);
      expect(csv).not.toContain(waiting);
      expect(formulaCells(csv.slice(1), ',')).toEqual([]);
      // Support may not take the list.
      const support = await newPage();
      await staffMember(support, `nieuwsbrief.support.${Date.now()}@kiemkracht.nl`, 'support', 'Sam Support');
      expect((await postForm(support, '/beheer/nieuwsbrief/export', {})).status()).toBe(403);
    },
    JOURNEY,
  );

  it(
    'the owner approves an application with a rate, sees the held commission of a referred paid order, changes the rate and suspends',
    async () => {
      const partnerEmail = freshEmail('partner');
      const partner = await newPage();
      await createAccount(partner, partnerEmail, 'Piet Partner');
      await open(partner, '/affiliate-programma');
      const form = partner.getByTestId('affiliate-application');
      await form.getByLabel('Website of kanaal').fill('https://zadenblog.example');
      await form.getByLabel('Hoe wil je Kiemkracht aanbevelen?').fill('Een blog over het verzamelen van zaden, met reviews van soorten.');
      await form.getByLabel('IBAN voor uitbetaling').fill('NL91 ABNA 0417 1643 00');
      await form.getByLabel(/Ik houd me aan de spelregels/).check();
      await form.getByRole('button', { name: 'Aanmelding versturen' }).click();
      await partner.waitForURL((u) => u.pathname === '/account/affiliate');

      const page = await newPage();
      await staffMember(page, `affiliates.owner.${Date.now()}@kiemkracht.nl`, 'owner', 'Olga Owner');
      await menu(page).getByRole('link', { name: 'Affiliates' }).click();
      await page.waitForURL(/\/beheer\/affiliates$/);
      await hydrated(page);
      const application = page.getByTestId('affiliate-application').filter({ hasText: partnerEmail });
      await expect.poll(() => application.innerText()).toContain('zadenblog.example');
      await shots(page, 'affiliates-applications');
      const code = (await application.getByRole('heading', { level: 3 }).innerText()).trim();

      // A rate outside 0–50 is refused next to the field, then approved with 15%.
      await application.getByLabel('Commissie (%)').fill('75');
      await application.getByRole('button', { name: 'Goedkeuren' }).click();
      await expect.poll(() => application.getByTestId('error-percent').innerText()).toBe('Vul een heel getal van 0 tot en met 50 in.');
      ignoreErrors(/status of 400/);
      await application.getByLabel('Commissie (%)').fill('15');
      await application.getByRole('button', { name: 'Goedkeuren' }).click();
      await expect.poll(() => page.getByText('De affiliate is goedgekeurd.').count()).toBe(1);

      // A visitor who allowed marketing follows the link and buys; staff mark the order paid: commission on hold.
      const buyer = await newPage();
      await buyer.context().addCookies([{ name: 'consent', value: 'v1.s1.m1', url: baseURL() }]);
      const reported = buyer.waitForResponse((r) => r.url().endsWith('/metric/referral'), { timeout: 10_000 });
      await open(buyer, `/faq?a_aid=${code}`);
      expect((await reported).status()).toBe(200);
      const number = await placeBankTransferOrder(buyer, freshEmail('koper'));
      const paid = await fetch(`${baseURL()}/api/staff/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${STAFF_TOKEN}` },
        body: JSON.stringify({ number, action: 'paid' }),
      });
      expect(paid.status).toBe(200);

      await page.reload();
      await hydrated(page);
      const card = page.getByTestId('affiliate').filter({ hasText: partnerEmail });
      const balance = await card.getByTestId('affiliate-balance').innerText();
      expect(balance).toMatch(/In wachttijd\s*€\s*[1-9]/);
      expect(balance).toMatch(/Uitbetaalbaar\s*€\s*0,00/);
      await card.getByLabel('Commissie (%)').fill('12');
      await card.getByRole('button', { name: 'Opslaan' }).click();
      await expect.poll(() => page.getByText(`Commissie van ${code} is nu 12%.`).count()).toBe(1);
      await shots(page, 'affiliates');

      await card.getByRole('button', { name: 'Schorsen' }).click();
      await expect.poll(() => page.getByText('De affiliate is geschorst: links tellen niet meer.').count()).toBe(1);
      await expect.poll(() => card.getByRole('button', { name: 'Weer goedkeuren' }).count()).toBe(1);

      // Without JavaScript the rate form is a plain post.
      const plain = await newPage({ javaScriptEnabled: false });
      await plain.context().addCookies(await page.context().cookies());
      await plain.goto('/beheer/affiliates');
      const plainCard = plain.getByTestId('affiliate').filter({ hasText: partnerEmail });
      await plainCard.getByLabel('Commissie (%)').fill('13');
      await plainCard.getByRole('button', { name: 'Opslaan' }).click();
      await plain.waitForLoadState();
      expect(await plain.getByText(`Commissie van ${code} is nu 13%.`).count()).toBe(1);
    },
    JOURNEY,
  );
});
