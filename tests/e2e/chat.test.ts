// The chat bot in the browser: opened with the keyboard, answers from the FAQ and the shop's data, the
// "Bedoel je…?" suggestions, the order-number question, the hand-off posted to the contact form (with and
// without JavaScript), the
// conversation kept across navigation and reloads, Escape back to the button, axe and screenshots.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAxeClean, MOBILE, screenshot, useBrowser } from './browser.ts';
import { open } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const panel = (page: Page) => page.getByTestId('chat-panel');
const botSays = (page: Page) => panel(page).getByTestId('chat-bot');

async function ask(page: Page, question: string) {
  const before = await botSays(page).count();
  await panel(page).getByLabel('Je vraag').fill(question);
  await panel(page).getByLabel('Je vraag').press('Enter');
  await expect.poll(() => botSays(page).count()).toBe(before + 1);
  return botSays(page).last();
}

async function openChat(page: Page) {
  await page.getByTestId('chat-launcher').focus();
  await page.keyboard.press('Enter');
  await panel(page).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('chat-input');
}

describe('chat bot', () => {
  it('answers with the keyboard, suggests when unsure, asks for the order number, keeps the conversation across pages', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await open(page, '/product');
    await openChat(page);
    expect(await (await ask(page, 'Wat kost verzenden naar België?')).innerText()).toContain('Verzenden naar België:');
    expect(await (await ask(page, 'hoe lang blijven zaadjes goed')).innerText()).toMatch(/zaden/i);

    const unsure = await ask(page, 'iets over zaden');
    expect(await unsure.innerText()).toContain('Bedoel je…?');
    const suggestion = unsure.getByRole('button').first();
    const asked = await suggestion.innerText();
    const answers = await botSays(page).count();
    await suggestion.click();
    await expect.poll(() => botSays(page).count()).toBe(answers + 1);
    await expect.poll(() => panel(page).getByTestId('chat-you').last().innerText()).toContain(asked);

    expect(await (await ask(page, 'Waar is mijn bestelling?')).innerText()).toContain('Wat is je bestelnummer?');
    expect(await (await ask(page, 'weet ik niet')).innerText()).toContain('Bestelnummer vereist');
    expect(await (await ask(page, 'KK-AAAA-BBBB')).innerText()).toContain('Met welk e-mailadres');
    expect(await (await ask(page, 'iemand@example.com')).innerText()).toContain('Bestelling niet gevonden');

    // A link in an answer navigates in the page; the panel and the conversation stay, also after a reload.
    const count = await botSays(page).count();
    await page.getByRole('link', { name: 'Veelgestelde vragen' }).first().click();
    await page.waitForURL('**/faq');
    await expect.poll(() => botSays(page).count()).toBe(count);
    await page.reload();
    await panel(page).waitFor();
    expect(await botSays(page).count()).toBe(count);

    // Escape closes and puts focus back on the chat button.
    await panel(page).getByLabel('Je vraag').press('Escape');
    await expect.poll(() => panel(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chat-launcher');
  });

  it('a damaged delivery hands over to the contact form: the conversation comes by POST, never in the address, and is sent', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/faq');
    await openChat(page);
    const answer = await ask(page, 'bestelling KK-7Q4M-9XHD kwam kapot aan');
    expect(await answer.innerText()).toContain('binnen 14 dagen');
    await panel(page).getByTestId('chat-handoff').click();
    await expect.poll(() => page.getByLabel('Je bericht').inputValue()).toContain('Jij: bestelling KK-7Q4M-9XHD kwam kapot aan');
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Bestelnummer').inputValue()).toBe('KK-7Q4M-9XHD');
    await expectAxeClean(page);
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Naam', { exact: true }).fill('Sanne de Vries');
    await form.getByLabel('E-mailadres', { exact: true }).fill('sanne@example.com');
    await form.getByRole('button', { name: 'Bericht versturen' }).click();
    await page.waitForURL((u) => u.searchParams.get('verzonden') === '1');
  });

  it('without JavaScript the contact form takes the hand-off post too, and ignores a message in the address', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    const res = await page.request.post('/contact', { form: { intent: 'chat-handoff', bericht: 'Jij: mijn pakket is zoek\nAssistent: Een medewerker helpt je.' } });
    expect(res.status()).toBe(200);
    expect(await res.text()).toMatch(/<textarea[^>]*>\s*Jij: mijn pakket is zoek\s+Assistent: Een medewerker helpt je\.<\/textarea>/);
    await page.goto('/contact?bericht=via-de-url');
    expect(await page.getByLabel('Je bericht').inputValue()).toBe('');
  });

  it('without JavaScript the chat button is a link to the contact form', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/faq');
    await page.getByTestId('chat-launcher').click();
    await page.waitForURL((u) => u.pathname === '/contact');
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`the open panel at ${viewport.width}px: axe clean, screenshot`, async () => {
      const page = await newPage({ viewport });
      await open(page, '/');
      await openChat(page);
      await ask(page, 'Welke betaalmethoden zijn er?');
      await ask(page, 'xylofoon paraplu');
      await expectAxeClean(page);
      await screenshot(page, `chat-${viewport.width}`, { fullPage: false });
    });
  }
});
