// The order page as staff use it all day (ADR 064): a compact summary and a row of action buttons on a phone's first
// screen; each action opens from its button, with and without JavaScript; one timeline, newest first, with the real
// moments in Amsterdam time and who did each thing (a manual receipt names the staff member, never its form key);
// "1 zaadje" and "3 zaadjes". Axe-clean; screenshots at 375 and 1280 px.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freshEmail } from './accounts.ts';
import { DESKTOP, MOBILE, expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { addByRequest, placeBankTransferOrder } from './shop.ts';
import { backofficeShots, staffMember } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const shot = backofficeShots('order-timeline-');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const amsterdam = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });
/** "6 december 2026 14:05", as the page writes a moment. */
const written = (iso: string) => amsterdam.format(new Date(iso)).replace(' om ', ' ').replace(',', '');

const bar = (page: Page) => page.getByTestId('order-action-bar');
const button = (page: Page, name: string) => bar(page).getByRole('link', { name, exact: true });
/** Each entry of the timeline as the page shows it: title line(s), its moment (datetime and text) and who. */
const entries = (page: Page) =>
  page
    .getByTestId('timeline-entry')
    .evaluateAll((items) =>
      items.map((li) => ({ text: (li as HTMLElement).innerText, at: li.querySelector('time')!.getAttribute('datetime')!, shown: li.querySelector('time')!.textContent!, by: li.querySelector('[data-testid="timeline-by"]')!.textContent! })),
    );

/** A bank-transfer order of a 1-seed pack and a 3-seed pack, sent as a tracked parcel. */
async function placeOrder(shopper: Page) {
  await addByRequest(shopper, 'stroopwafel-auto', '1 zaadje', 1);
  return placeBankTransferOrder(shopper, freshEmail('tijdlijn'), (p) => p.getByLabel(/Verzekerd pakket met track & trace/).check());
}

describe('the order page as a timeline with actions', () => {
  it('summary and buttons on a phone’s first screen; each action from its button with JavaScript; the timeline in time order with who booked what', { timeout: 240_000 }, async () => {
    const page = await newPage();
    await staffMember(page, freshEmail('tijdlijn', 'kiemkracht.nl'), 'orders', 'Tessa Tijdlijn');
    const number = await placeOrder(await newPage());
    const path = `/beheer/bestellingen/${number}`;
    await page.setViewportSize(MOBILE);
    await page.goto(path);
    await hydrated(page);

    // The first screen of a phone: the summary and every action button, nothing open yet.
    for (const testId of ['order-summary', 'order-action-bar']) {
      const box = (await page.getByTestId(testId).boundingBox())!;
      expect(box.y + box.height, `${testId} within the first screen`).toBeLessThanOrEqual(MOBILE.height);
    }
    expect(await bar(page).getByRole('link').allInnerTexts()).toEqual(['Betaling ontvangen', 'Mail opnieuw sturen', 'Adres wijzigen', 'Annuleren']);
    expect(await page.getByTestId('order-action-open').count()).toBe(0);
    expect(await page.getByTestId('order-lines').innerText()).toMatch(/1 zaadje(?!s)[\s\S]*3 zaadjes/);
    await expectAxeClean(page);
    await shot(page, 'closed-375');

    // Each button opens its own form (and only that one); the open one's button closes it again.
    const forms: [string, string][] = [
      ['Mail opnieuw sturen', 'action-resend'],
      ['Adres wijzigen', 'action-address'],
      ['Annuleren', 'action-cancel'],
      ['Betaling ontvangen', 'payment-received-form'],
    ];
    for (const [name, testId] of forms) {
      await button(page, name).click();
      await page.getByTestId(testId).waitFor();
      expect(await button(page, name).getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByTestId('order-action-open').locator('form').count()).toBe(1);
    }
    await expectAxeClean(page);
    await shot(page, 'payment-open-375');

    // A part payment booked by Tessa: the timeline puts it at the moment it was booked and names her.
    const placedAt = (await entries(page)).at(-1)!.at;
    const form = page.getByTestId('payment-received-form');
    await form.getByRole('textbox', { name: 'Bedrag' }).fill('5,00');
    await form.getByLabel(/Notitie/).fill('Envelop aan de balie');
    const before = Date.now();
    await form.getByRole('button', { name: 'Betaling boeken' }).click();
    await expect.poll(() => page.getByTestId('form-success').innerText()).toContain('geboekt');
    await expect.poll(async () => (await entries(page)).some((e) => e.text.includes('Ontvangen (medewerker)'))).toBe(true);
    const list = await entries(page);
    const receipt = list.find((e) => e.text.includes('Ontvangen (medewerker)'))!;
    expect(receipt.by).toBe('Tessa Tijdlijn');
    expect(receipt.text).toContain('Envelop aan de balie');
    expect(receipt.text).toMatch(/Ontvangen op \d{1,2} [a-z]+ \d{4}/);
    // The moment it was booked (not noon of the day received, not before the order was placed).
    expect(Date.parse(receipt.at)).toBeGreaterThanOrEqual(before - 2_000);
    expect(Date.parse(receipt.at)).toBeLessThanOrEqual(Date.now() + 2_000);
    expect(Date.parse(receipt.at)).toBeGreaterThanOrEqual(Date.parse(placedAt));
    expect(await page.getByTestId('order-timeline').innerText()).not.toMatch(UUID);
    // Newest first, each moment written in Amsterdam time; the order's placement last, by the customer.
    const moments = list.map((e) => Date.parse(e.at));
    expect(moments).toEqual([...moments].sort((a, b) => b - a));
    for (const e of list) expect(e.shown).toBe(written(e.at));
    expect(list.at(-1)).toMatchObject({ by: 'klant' });
    expect(list.at(-1)!.text).toContain('Bestelling geplaatst');
    // Its mail by its Dutch name, sent by the system.
    await expect.poll(async () => (await entries(page)).find((e) => e.text.includes('Mail: Deelbetaling ontvangen'))?.by).toBe('systeem');

    // The rest (the form stays open, fresh, with what is still due): paid; now "Verzenden" is a button, and its
    // parcel names "1 zaadje" and "3 zaadjes".
    expect(await button(page, 'Betaling ontvangen').getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('payment-received-form').getByRole('button', { name: 'Betaling boeken' }).click();
    await expect.poll(() => page.getByTestId('form-success').innerText()).toContain('de bestelling is nu betaald');
    await button(page, 'Verzenden').click();
    const ship = page.getByTestId('action-ship');
    await ship.getByLabel('Trackingcode').fill('3SABC1234567');
    await ship.getByRole('button', { name: 'Pakket verzenden' }).click();
    await expect.poll(() => page.getByTestId('form-success').innerText()).toContain('Verzonden');
    await expect.poll(async () => (await entries(page)).map((e) => e.text.split('\n')[0])).toContain('Pakket verzonden (Pakket met track & trace)');
    const parcel = (await entries(page)).find((e) => e.text.startsWith('Pakket verzonden'))!;
    expect(parcel.by).toBe('Tessa Tijdlijn');
    expect(parcel.text).toMatch(/1× Stroopwafel[^\n]*\(1 zaadje\)/);
    expect(parcel.text).toMatch(/1× Skunk #1 \(3 zaadjes\)/);
    expect(await bar(page).getByRole('link').allInnerTexts()).toEqual(['Terugbetalen', 'Mail opnieuw sturen']);
    await expectAxeClean(page);
    await shot(page, 'shipped-375');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'shipped-1280');
    ignoreErrors(/status of 400|status of 409/);
  });

  it('without JavaScript each button opens its form from the server, the form works, and "Sluiten" closes it', { timeout: 180_000 }, async () => {
    const staff = await newPage();
    await staffMember(staff, freshEmail('tijdlijn.zonder.js', 'kiemkracht.nl'), 'orders', 'Joost Zonder');
    const state: BrowserContextOptions['storageState'] = await staff.context().storageState();
    const number = await placeOrder(await newPage());
    const page = await newPage({ javaScriptEnabled: false, storageState: state });
    await page.goto(`/beheer/bestellingen/${number}`);
    for (const [name, testId, slug] of [
      ['Betaling ontvangen', 'payment-received-form', 'betaling'],
      ['Mail opnieuw sturen', 'action-resend', 'mail'],
      ['Adres wijzigen', 'action-address', 'adres'],
      ['Annuleren', 'action-cancel', 'annuleren'],
    ] as const) {
      await button(page, name).click();
      await page.waitForURL(new RegExp(`\\?actie=${slug}$`));
      expect(await page.getByTestId(testId).count(), name).toBe(1);
      expect(await page.getByTestId('order-action-open').locator('form').count()).toBe(1);
    }
    // The open form works as a plain POST: the cancellation asks for its confirmation first, then cancels.
    const cancel = page.getByTestId('action-cancel');
    await cancel.getByRole('button', { name: 'Bestelling annuleren' }).click();
    await expect.poll(() => page.getByTestId('action-cancel').getByTestId('error-confirm').innerText()).toBe('Vink aan dat je deze bestelling wilt annuleren.');
    await page.getByTestId('action-cancel').getByLabel('Ja, annuleer deze bestelling').check();
    await page.getByTestId('action-cancel').getByRole('button', { name: 'Bestelling annuleren' }).click();
    await expect.poll(() => page.getByTestId('form-success').innerText()).toContain('Bestelling geannuleerd');
    // Cancelled: the form and its button are gone; the timeline says who cancelled.
    expect(await page.getByTestId('action-cancel').count()).toBe(0);
    expect(await bar(page).getByRole('link').allInnerTexts()).toEqual(['Mail opnieuw sturen']);
    const cancelled = (await entries(page)).find((e) => e.text.startsWith('Bestelling geannuleerd'))!;
    expect(cancelled.by).toBe('Joost Zonder');
    // "Sluiten" closes an open form.
    await button(page, 'Mail opnieuw sturen').click();
    await page.getByTestId('action-resend').waitFor();
    await page.getByTestId('order-action-open').getByRole('link', { name: 'Sluiten' }).click();
    await page.waitForURL((url) => !url.search.includes('actie'));
    expect(await page.getByTestId('order-action-open').count()).toBe(0);
    ignoreErrors(/status of 400|status of 409/);
  });
});
