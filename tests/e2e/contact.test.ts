// /contact (SPEC §1, §6, §9): the form with JavaScript (messages next to the fields, success, both mails),
// without JavaScript (server messages, typed text kept, success after the redirect), a logged-in customer's
// prefill with an order number from the link, the honeypot, a double submit, the limit, a cross-site post,
// axe in every state, screenshots at 375 and 1280.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, freshEmail } from './accounts.ts';
import { DESKTOP, MOBILE, baseURL, dataDir, expectAxeClean, screenshot, useBrowser, visitorAddress } from './browser.ts';
import { emailField, open, routerIdle } from './pages.ts';
import { addByRequest, fillShipping } from './shop.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const SUPPORT = 'klantenservice@kiemkracht.nl';
const SENT = '/contact?verzonden=1';
const JOURNEY = 90_000;
const EXPIRED = 'Het formulier is verlopen. Controleer je bericht en verstuur het opnieuw.';

/** A word that appears in one test's message only, so its mails can be told apart. */
const marker = (what: string) => `${what}${crypto.randomBytes(4).toString('hex')}`;
const token = () => crypto.randomBytes(32).toString('base64url');

const errorOf = async (page: Page, field: string) => (await page.getByTestId(`error-${field}`).innerText()).trim();
const form = (page: Page) => page.getByTestId('contact-form');

async function axeAtRest(page: Page) {
  await routerIdle(page);
  await page.locator('[role="progressbar"]').waitFor({ state: 'detached' });
  await expectAxeClean(page);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A header line: `To: x` must not match inside `Reply-To: x`. */
const header = (name: string, value: string) => new RegExp(`^${name}: ${escape(value)}$`, 'm');

/** The dev outbox files to `to` whose text holds `text` (decoded from quoted-printable as mailTo does). */
async function mailsWith(to: string, text: string): Promise<string[]> {
  const dir = path.join(dataDir(), 'outbox');
  const found: string[] = [];
  for (const file of await fs.readdir(dir).catch(() => [] as string[])) {
    const raw = (await fs.readFile(path.join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (header('To', to).test(raw) && raw.includes(text)) found.push(raw);
  }
  return found;
}

/** The one mail to `to` holding `text`, waiting for the mail worker. */
async function mailTo(to: string, text: string): Promise<string> {
  await expect.poll(async () => (await mailsWith(to, text)).length, { timeout: 15_000, message: `a mail to ${to} with ${text}` }).toBeGreaterThan(0);
  const [mail] = await mailsWith(to, text);
  return mail!;
}

/** The form as a browser without JavaScript sends it (same origin, its own client address). */
function post(page: Page, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return page.request.post('/contact', { form: fields, maxRedirects: 0, headers: { Origin: baseURL(), 'X-Forwarded-For': visitorAddress(), ...headers } });
}

const filled = (email: string, message: string) => ({
  name: 'Sanne de Vries',
  email,
  topic: 'product',
  orderNumber: '',
  message,
  token: token(),
  website: '',
});

describe('the contact page', () => {
  it(
    'with JavaScript: messages next to the fields, then success, the confirmation quoting the message and the inbox copy',
    async () => {
      const page = await newPage({ viewport: DESKTOP });
      const response = await open(page, '/contact');
      expect(response?.status()).toBe(200);
      // A one-time token in every page: never stored by a cache.
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      expect(await page.title()).toBe('Contact met de klantenservice | Kiemkracht');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('binnen 24 uur');
      expect((await page.locator('h1').innerText()).trim()).toBe('Hoe kunnen we je helpen?');
      // The side card: the 24-hour promise, the inbox and the self-service pages.
      const aside = page.getByRole('complementary', { name: 'Klantenservice' });
      expect(await page.getByText('Antwoord binnen 24 uur', { exact: true }).count()).toBe(1);
      expect(await page.getByTestId('support-email').getAttribute('href')).toBe(`mailto:${SUPPORT}`);
      for (const [name, href] of [
        ['Veelgestelde vragen', '/faq'],
        ['Bestelstatus', '/order-status'],
        ['Verzending & bezorging', '/verzending-bezorging'],
        ['Retourbeleid', '/retourbeleid'],
      ]) {
        expect(await aside.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href'), name).toBe(href);
      }
      // The footer links the page now that it exists.
      expect(await page.locator('footer').getByRole('link', { name: 'Contact', exact: true }).getAttribute('href')).toBe('/contact');
      await axeAtRest(page);
      await screenshot(page, 'contact-1280');

      // An empty submit: a Dutch message next to every required field, nothing sent.
      await page.getByRole('button', { name: 'Bericht versturen' }).click();
      await expect.poll(() => errorOf(page, 'email')).toBe('Vul een geldig e-mailadres in.');
      expect(await errorOf(page, 'name')).toBe('Vul je naam in.');
      expect(await errorOf(page, 'topic')).toBe('Kies een onderwerp.');
      expect(await errorOf(page, 'message')).toBe('Typ je bericht.');
      expect(await emailField(page).getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/contact');

      const email = freshEmail('contact-js');
      const word = marker('kiemtest');
      await page.getByLabel('Naam', { exact: true }).fill('Sanne de Vries');
      await emailField(page).fill('sanne@');
      await page.getByLabel('Onderwerp').selectOption({ label: 'Product & soortadvies' });
      await page.getByLabel(/^Bestelnummer/).fill('12345');
      await page.getByLabel('Je bericht').fill('Te kort');
      await page.getByRole('button', { name: 'Bericht versturen' }).click();
      await expect.poll(() => errorOf(page, 'orderNumber')).toBe('Vul een geldig bestelnummer in, zoals KK-7Q4M-9XHD.');
      expect(await errorOf(page, 'email')).toBe('Vul een geldig e-mailadres in.');
      expect(await errorOf(page, 'message')).toBe('Je bericht is wat kort. Gebruik minimaal 10 tekens, dan kunnen we je goed helpen.');
      expect(await errorOf(page, 'name')).toBe('');
      await expectAxeClean(page);
      await screenshot(page, 'contact-errors-1280');

      // Fixing a field clears its message as you type.
      await emailField(page).fill(email);
      await expect.poll(() => errorOf(page, 'email')).toBe('');
      await page.getByLabel(/^Bestelnummer/).fill('kk 7q4m 9xhd');
      const message = `Welke soort uit jullie collectie past bij een koel klimaat? ${word}\nAlvast bedankt!`;
      await page.getByLabel('Je bericht').fill(message);
      expect(await page.getByText(`${[...message].length} / 5000 tekens`).count()).toBe(1);
      await page.getByRole('button', { name: 'Bericht versturen' }).click();

      await page.waitForURL((url) => url.pathname === '/contact' && url.searchParams.get('verzonden') === '1');
      const sent = page.getByTestId('contact-sent');
      await sent.waitFor();
      expect(await sent.getByRole('heading').innerText()).toBe('Bedankt, je bericht is verstuurd!');
      expect(await sent.innerText()).toContain('Onze klantenservice antwoordt binnen 24 uur.');
      // Focus moves to the confirmation, so a screen reader reads it first.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Bedankt, je bericht is verstuurd!');
      await axeAtRest(page);
      await screenshot(page, 'contact-sent-1280');

      const confirmation = await mailTo(email, word);
      expect(confirmation).toMatch(/^Subject: We hebben je bericht ontvangen$/m);
      expect(confirmation).toMatch(header('Reply-To', SUPPORT));
      expect(confirmation).toContain('Hoi Sanne,');
      expect(confirmation).toContain('antwoordt binnen 24 uur');
      expect(confirmation).toContain(`> Welke soort uit jullie collectie past bij een koel klimaat? ${word}`);
      expect(confirmation).toContain('> Alvast bedankt!');
      expect(confirmation).toContain('KK-7Q4M-9XHD');

      const inbox = await mailTo(SUPPORT, word);
      expect(inbox).toMatch(header('Reply-To', email));
      expect(inbox).toContain('Onderwerp: Product & soortadvies');
      expect(inbox).toContain('Klantaccount: Nee, gast');

      // "Nog een bericht sturen" gives an empty form again.
      await page.getByRole('link', { name: 'Nog een bericht sturen' }).click();
      await form(page).waitFor();
      expect(await page.getByLabel('Je bericht').inputValue()).toBe('');
      // Refused submits answer 400 (server-side validation, ADR 023): expected, not a page error.
      ignoreErrors(/status of 400/);
    },
    JOURNEY,
  );

  it('at 375 px: one column, the form before the side card, axe clean', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/contact');
    const formBox = (await form(page).boundingBox())!;
    const promise = (await page.getByText('Antwoord binnen 24 uur', { exact: true }).boundingBox())!;
    expect(promise.y).toBeGreaterThan(formBox.y + formBox.height);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await axeAtRest(page);
    await screenshot(page, 'contact-375');
  });

  it(
    'without JavaScript: the server shows the messages and keeps what was typed; a valid form redirects to the confirmation',
    async () => {
      const page = await newPage({ viewport: MOBILE, javaScriptEnabled: false });
      await page.goto('/contact');
      const email = freshEmail('contact-nojs');
      const word = marker('zonderjs');
      const message = `Kan ik mijn bestelling nog wijzigen? ${word}`;
      await page.getByLabel('Naam', { exact: true }).fill('Jan Jansen');
      await emailField(page).fill('jan@@example');
      await page.getByLabel('Je bericht').fill(message);
      const refused = page.waitForResponse((r) => r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Bericht versturen' }).click();
      expect((await refused).status()).toBe(400);
      await page.waitForLoadState();
      ignoreErrors(/status of 400/);
      expect(await errorOf(page, 'email')).toBe('Vul een geldig e-mailadres in.');
      expect(await errorOf(page, 'topic')).toBe('Kies een onderwerp.');
      // What the visitor typed is still there.
      expect(await page.getByLabel('Naam', { exact: true }).inputValue()).toBe('Jan Jansen');
      expect(await emailField(page).inputValue()).toBe('jan@@example');
      expect(await page.getByLabel('Je bericht').inputValue()).toBe(message);
      // (axe runs in the page's JavaScript, so it is checked on the same error state in the journey above.)
      await screenshot(page, 'contact-nojs-errors-375');

      await emailField(page).fill(email);
      await page.getByLabel('Onderwerp').selectOption('order');
      await page.getByRole('button', { name: 'Bericht versturen' }).click();
      await page.waitForURL((url) => url.pathname + url.search === SENT);
      await expect.poll(() => page.getByTestId('contact-sent').innerText()).toContain('Bedankt, je bericht is verstuurd!');
      expect(await mailTo(email, word)).toContain(`> ${message}`);
      expect(await mailTo(SUPPORT, word)).toContain('Onderwerp: Bestelling & levering');
    },
    JOURNEY,
  );

  it(
    'a logged-in customer finds name and address filled in, and the order number from the order page’s link',
    async () => {
      const page = await newPage({ viewport: DESKTOP });
      const email = freshEmail('contact-account');
      await createAccount(page, email, 'Fleur Bakker');
      await open(page, '/contact?bestelling=kk-7q4m-9xhd');
      expect(await page.getByLabel('Naam', { exact: true }).inputValue()).toBe('Fleur Bakker');
      expect(await emailField(page).inputValue()).toBe(email);
      expect(await page.getByLabel(/^Bestelnummer/).inputValue()).toBe('KK-7Q4M-9XHD');
      expect(await page.getByLabel('Onderwerp').inputValue()).toBe('order');
      expect(await page.getByTestId('contact-logged-in').innerText()).toContain('Fleur Bakker');
      await axeAtRest(page);

      const word = marker('account');
      await page.getByLabel('Je bericht').fill(`Wanneer wordt mijn bestelling verzonden? ${word}`);
      await page.getByRole('button', { name: 'Bericht versturen' }).click();
      await page.getByTestId('contact-sent').waitFor();
      const inbox = await mailTo(SUPPORT, word);
      expect(inbox).toMatch(/Klantaccount: Ja \(account \d+\)/);
      expect(inbox).toContain('Bestelnummer: KK-7Q4M-9XHD');
      expect(inbox).toContain('Onderwerp: Bestelling & levering');

      // A made-up order number in the link is not filled in; ?onderwerp= picks the subject.
      await open(page, '/contact?bestelling=niet-echt&onderwerp=retour');
      expect(await page.getByLabel(/^Bestelnummer/).inputValue()).toBe('');
      expect(await page.getByLabel('Onderwerp').inputValue()).toBe('returns');
    },
    JOURNEY,
  );

  it(
    '“Vraag over deze bestelling?” on the order-status page and the account’s order page leads to the form with the order filled in',
    async () => {
      const page = await newPage({ viewport: DESKTOP });
      const email = freshEmail('contact-order');
      await createAccount(page, email, 'Fleur Bakker');
      await addByRequest(page, 'skunk-1', '3 zaadjes');
      await open(page, '/checkout');
      await fillShipping(page);
      await page.getByLabel(/Bankoverschrijving/).check();
      await page.getByTestId('place-order').click();
      await page.waitForURL(/\/order-status\?bestelling=/);
      const number = (await page.getByTestId('order-number').innerText()).trim().replace('Bestelling ', '');
      const ask = (p: Page) => p.getByTestId('order-question').getByRole('link', { name: 'Stel je vraag' });
      expect(await ask(page).getAttribute('href')).toBe(`/contact?bestelling=${number}`);

      await open(page, `/account/orders/${number}`);
      await ask(page).click();
      await page.waitForURL((url) => url.pathname === '/contact');
      await form(page).waitFor();
      expect(await page.getByLabel(/^Bestelnummer/).inputValue()).toBe(number);
      expect(await page.getByLabel('Onderwerp').inputValue()).toBe('order');
      expect(await emailField(page).inputValue()).toBe(email);
    },
    JOURNEY,
  );

  it('the honeypot: a bot gets the same success, nothing is stored or sent', async () => {
    const page = await newPage();
    const bot = marker('botje');
    const res = await post(page, { ...filled(freshEmail('bot'), `Koop goedkope horloges ${bot}`), website: 'https://spam.example' });
    expect(res.status()).toBe(302);
    expect(res.headers()['location']).toBe(SENT);
    // A person's message sent afterwards arrives; the mail worker works in order, so the bot's would be there by now.
    const person = marker('mens');
    const email = freshEmail('na-bot');
    expect((await post(page, filled(email, `Een echte vraag over kiemen ${person}`))).status()).toBe(302);
    await mailTo(SUPPORT, person);
    expect(await mailsWith(SUPPORT, bot)).toEqual([]);
  });

  it('a double submit of one form sends one message; a cross-site post is refused; a missing token or an unknown intent asks to try again', async () => {
    const page = await newPage();
    const email = freshEmail('dubbel');
    const word = marker('dubbel');
    const fields = filled(email, `Twee keer geklikt ${word}`);
    const answers = await Promise.all([post(page, fields), post(page, fields), post(page, fields)]);
    expect(answers.map((r) => r.status())).toEqual([302, 302, 302]);
    await mailTo(email, word);
    await mailTo(SUPPORT, word);
    // A message sent after them is mailed after any second pair the server had queued with them.
    const later = marker('later');
    expect((await post(page, filled(freshEmail('later'), `Daarna verstuurd ${later}`))).status()).toBe(302);
    await mailTo(SUPPORT, later);
    expect(await mailsWith(SUPPORT, word)).toHaveLength(1);
    expect(await mailsWith(email, word)).toHaveLength(1);

    const evil = marker('evil');
    const crossSite = await post(page, filled(freshEmail('evil'), `Van een andere site ${evil}`), { Origin: 'https://evil.example' });
    expect(crossSite.status()).toBe(403);

    const noToken = await post(page, { ...filled(freshEmail('token'), 'Zonder token verstuurd'), token: '' });
    expect(noToken.status()).toBe(400);
    expect(await noToken.text()).toContain(EXPIRED);
    expect(await mailsWith(SUPPORT, evil)).toEqual([]);

    // An intent the page does not know (a tampered or outdated form) is refused, not sent as a message.
    const odd = marker('odd');
    const unknown = await post(page, { ...filled(freshEmail('odd'), `Met een vreemde intent ${odd}`), intent: 'verwijderen' });
    expect(unknown.status()).toBe(400);
    expect(await unknown.text()).toContain(EXPIRED);
  });

  it('the limit per address: the sixth message within the hour gets a clear Dutch message, with the text kept', async () => {
    const page = await newPage();
    const email = freshEmail('limiet');
    for (let i = 0; i < 5; i++) expect((await post(page, filled(email, `Bericht nummer ${i} over kiemen`))).status(), `message ${i}`).toBe(302);
    const word = marker('limiet');
    const limited = await post(page, filled(email, `Nog een vraag ${word}`));
    expect(limited.status()).toBe(429);
    const html = await limited.text();
    expect(html).toContain('Je hebt de afgelopen tijd al veel berichten gestuurd. Wacht even en probeer het later opnieuw, of mail ons direct.');
    expect(html).toContain(`Nog een vraag ${word}`);
  });
});
