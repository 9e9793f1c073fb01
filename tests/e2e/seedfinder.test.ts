// The Seedfinder: the nine-question quiz (a stepper with JavaScript, one long form without), its results with
// reasons, and the home page teaser that opens a three-question dialog.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, baseURL, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { open, parseMoney, pathAndQuery, reactReady, routerIdle, settled } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const QUESTIONS = [
  'Hoeveel kweekervaring heb je?',
  'Waar wil je kweken?',
  'In wat voor klimaat woon je?',
  'Hoe hoog mag de plant binnen worden?',
  'Welk effect zoek je?',
  'Welke smaak spreekt je aan?',
  'Hoe snel wil je kunnen oogsten?',
  'Hoe belangrijk is de opbrengst?',
  'Welk profiel zoek je?',
];
const RESULTS = '/seedfinder?experience=beginner&place=indoor&effect=ontspannend';

const quiz = (page: Page) => page.getByTestId('seedfinder-form');
// includeHidden: the stepper hides the other questions' fieldsets, which still hold their answers.
const question = (scope: Page | Locator, legend: string) =>
  scope.getByRole('group', { name: new RegExp(`${legend.replace('?', '\\?')}$`), includeHidden: true });
const option = (group: Locator, name: string | RegExp) => group.getByRole('radio', { name, includeHidden: true });
const progress = (page: Page) => page.getByText(/^Vraag \d van 9$/);
const visibleLegends = (page: Page) => quiz(page).locator('fieldset:visible legend').allInnerTexts();
const results = (page: Page) => page.getByTestId('seedfinder-results');

/** Picks an answer the way a person does: a click on its card (the radio itself is visually hidden). */
async function answer(scope: Page | Locator, legend: string, choice: string) {
  const group = question(scope, legend);
  await group.locator('label').filter({ hasText: new RegExp(`^${choice}`) }).click();
  expect(await option(group, new RegExp(`^${choice}`)).isChecked()).toBe(true);
}

/** Every result: rank label, strain, price line and the reasons it matched. */
async function resultItems(page: Page) {
  return results(page)
    .locator(':scope > li')
    .evaluateAll((items) =>
      items.map((li) => {
        const reasons = li.querySelector('ul');
        return {
          rank: li.querySelector('span')?.textContent?.trim() ?? '',
          name: li.querySelector('h3')?.textContent?.trim() ?? '',
          href: li.querySelector('h3 a')?.getAttribute('href') ?? '',
          price: (li as HTMLElement).innerText.split('\n').find((l) => l.startsWith('Vanaf') || l.startsWith('Uitverkocht')) ?? '',
          reasonsLabel: reasons?.getAttribute('aria-label') ?? null,
          reasons: [...(reasons?.querySelectorAll('li') ?? [])].map((r) => r.textContent?.trim() ?? ''),
        };
      }),
    );
}

async function expectResults(page: Page) {
  await page.getByRole('heading', { level: 2, name: 'Jouw beste matches' }).waitFor();
  const items = await resultItems(page);
  expect(items.length).toBeGreaterThan(0);
  expect(items.length).toBeLessThanOrEqual(6);
  expect(items.map((i) => i.rank.toLowerCase())).toEqual(items.map((_, n) => `match ${n + 1}`));
  expect(new Set(items.map((i) => i.href)).size).toBe(items.length);
  for (const item of items) {
    expect(item.href, item.name).toMatch(/^\/product\/[a-z0-9-]+$/);
    // Only what can be ordered now is recommended.
    expect(item.price, item.name).toMatch(/^Vanaf /);
    expect(parseMoney(item.price)).toBeGreaterThan(0);
    expect(item.reasonsLabel).toBe(`Waarom ${item.name} bij je past`);
    expect(item.reasons.length, `${item.name}: reasons`).toBeGreaterThan(0);
    for (const r of item.reasons) expect(r).not.toBe('');
  }
  return items;
}

describe('seedfinder with JavaScript', () => {
  it('is a stepper: "Vraag 1 van 9", one question at a time, Volgende/Vorige and focus on the new question', async () => {
    const page = await newPage();
    const response = await open(page, '/seedfinder');
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('Seedfinder');
    await expect.poll(() => progress(page).innerText()).toBe('Vraag 1 van 9');
    expect(await quiz(page).locator('fieldset').count()).toBe(9);
    expect(await visibleLegends(page)).toEqual([`VRAAG 1\n${QUESTIONS[0]}`]);
    expect(await page.getByRole('button', { name: 'Vorige' }).isDisabled()).toBe(true);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);

    await answer(page, QUESTIONS[0]!, 'Beginner');
    await page.getByRole('button', { name: 'Volgende' }).click();
    expect(await progress(page).innerText()).toBe('Vraag 2 van 9');
    expect(await visibleLegends(page)).toEqual([`VRAAG 2\n${QUESTIONS[1]}`]);
    await expect.poll(() => question(page, QUESTIONS[1]!).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Vorige' }).click();
    expect(await progress(page).innerText()).toBe('Vraag 1 van 9');
    // The answer is kept while stepping.
    expect(await option(question(page, QUESTIONS[0]!), /^Beginner/).isChecked()).toBe(true);

    // The progress bar jumps straight to a question.
    await page.getByRole('button', { name: `Naar vraag 9: ${QUESTIONS[8]}` }).click();
    expect(await progress(page).innerText()).toBe('Vraag 9 van 9');
    expect(await page.getByRole('button', { name: 'Volgende' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Naar vraag 9: ${QUESTIONS[8]}` }).getAttribute('aria-current')).toBe('step');
  });

  it('answering a few questions and "Toon mijn soorten" shows "Jouw beste matches" with reasons', async () => {
    const page = await newPage();
    await open(page, '/seedfinder');
    await answer(page, QUESTIONS[0]!, 'Beginner');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await answer(page, QUESTIONS[1]!, 'Binnen');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Volgende' }).click();
    expect(await progress(page).innerText()).toBe('Vraag 5 van 9');
    await answer(page, QUESTIONS[4]!, 'Ontspannend');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.getByRole('button', { name: 'Toon mijn soorten' }).click();

    // Only real choices end up in the address (skipped questions are left out).
    await expect.poll(() => pathAndQuery(page)).toBe(RESULTS);
    await routerIdle(page);
    const items = await expectResults(page);
    // Every match names at least one of the answers as a reason.
    for (const item of items) {
      expect(
        item.reasons.some((r) => r === 'Geschikt voor beginners' || r === 'Effect: ontspannend' || r.startsWith('Handzaam')),
        `${item.name}: ${item.reasons.join(' / ')}`,
      ).toBe(true);
    }
    // Focus (and the screen reader) moves to the answer.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Jouw beste matches');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    // The quiz below mirrors the answers, skipped ones as "Maakt niet uit".
    expect(await page.getByRole('heading', { level: 2, name: 'Pas je antwoorden aan' }).count()).toBe(1);
    expect(await progress(page).innerText()).toBe('Vraag 1 van 9');
    expect(await option(question(page, QUESTIONS[0]!), /^Beginner/).isChecked()).toBe(true);
    expect(await option(question(page, QUESTIONS[2]!), 'Maakt niet uit').isChecked()).toBe(true);
    expect(await option(question(page, QUESTIONS[4]!), /^Ontspannend/).isChecked()).toBe(true);
    expect(await option(question(page, QUESTIONS[4]!), 'Maakt niet uit').isChecked()).toBe(false);
  });

  it('a results address is its own page: noindex, canonical /seedfinder, same results on reload', async () => {
    const page = await newPage();
    await open(page, RESULTS);
    const first = await expectResults(page);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL()}/seedfinder`);
    await open(page, RESULTS);
    expect((await resultItems(page)).map((i) => i.name)).toEqual(first.map((i) => i.name));
    // A result opens its product page.
    await results(page).getByRole('link', { name: first[0]!.name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(first[0]!.href);
  });

  it('"Opnieuw beginnen" clears the answers', async () => {
    const page = await newPage();
    await open(page, RESULTS);
    await page.getByRole('link', { name: 'Opnieuw beginnen' }).click();
    await expect.poll(() => pathAndQuery(page)).toBe('/seedfinder');
    await expect.poll(() => results(page).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 2, name: 'Jouw voorkeuren' }).count()).toBe(1);
    expect(await quiz(page).locator('input[type="radio"]:checked').count()).toBe(0);
  });
});

describe('seedfinder without JavaScript', () => {
  it('shows all nine questions at once, and submitting works', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/seedfinder');
    expect(await quiz(page).locator('fieldset:visible').count()).toBe(9);
    expect((await visibleLegends(page)).map((l) => l.split('\n')[1])).toEqual(QUESTIONS);
    expect(await progress(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Volgende' }).count()).toBe(0);
    await answer(page, QUESTIONS[0]!, 'Beginner');
    await answer(page, QUESTIONS[1]!, 'Binnen');
    await answer(page, QUESTIONS[4]!, 'Ontspannend');
    await page.getByRole('button', { name: 'Toon mijn soorten' }).click();
    await page.waitForURL((u) => u.searchParams.get('experience') === 'beginner');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/seedfinder');
    expect(Object.fromEntries(url.searchParams)).toEqual({ experience: 'beginner', place: 'indoor', effect: 'ontspannend' });
    const items = await expectResults(page);
    // The same answers give the same matches as with JavaScript.
    const js = await newPage();
    await open(js, RESULTS);
    expect((await resultItems(js)).map((i) => i.name)).toEqual(items.map((i) => i.name));
  });
});

describe('seedfinder teaser on the home page', () => {
  it('with JavaScript opens the three-question dialog; submitting lands on /seedfinder with the answers', async () => {
    const page = await newPage();
    await open(page, '/');
    const teaser = page.getByTestId('seedfinder-teaser');
    expect(await teaser.getAttribute('href')).toBe('/seedfinder');
    await expect.poll(() => teaser.getAttribute('aria-haspopup')).toBe('dialog');
    expect(await teaser.getAttribute('aria-expanded')).toBe('false');
    await teaser.click();
    const modal = page.getByTestId('seedfinder-modal');
    await reactReady(modal);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await modal.getAttribute('role')).toBe('dialog');
    expect(await page.getByRole('dialog', { name: 'Snel je soort vinden' }).count()).toBe(1);
    expect(await teaser.getAttribute('aria-expanded')).toBe('true');
    expect(await modal.locator('fieldset legend').allInnerTexts()).toEqual([QUESTIONS[0], QUESTIONS[4], QUESTIONS[6]]);
    await expect.poll(() => modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await answer(modal, QUESTIONS[0]!, 'Beginner');
    await answer(modal, QUESTIONS[4]!, 'Ontspannend');
    await modal.getByRole('button', { name: 'Toon mijn soorten' }).click();
    await expect.poll(() => pathAndQuery(page)).toBe('/seedfinder?experience=beginner&effect=ontspannend');
    await expect.poll(() => modal.count()).toBe(0);
    await expectResults(page);
  });

  it('Escape closes the dialog and focus returns to the teaser', async () => {
    const page = await newPage();
    await open(page, '/');
    const teaser = page.getByTestId('seedfinder-teaser');
    await teaser.click();
    const modal = page.getByTestId('seedfinder-modal');
    await reactReady(modal);
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.count()).toBe(0);
    expect(await teaser.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => teaser.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('"Liever alle negen vragen?" leads to the full quiz', async () => {
    const page = await newPage();
    await open(page, '/');
    await page.getByTestId('seedfinder-teaser').click();
    const modal = page.getByTestId('seedfinder-modal');
    await reactReady(modal);
    await modal.getByRole('link', { name: 'Liever alle negen vragen?' }).click();
    await expect.poll(() => pathAndQuery(page)).toBe('/seedfinder');
    await page.getByRole('heading', { level: 1, name: 'Seedfinder' }).waitFor();
    await expect.poll(() => modal.count()).toBe(0);
  });

  it('without JavaScript the teaser is a plain link to /seedfinder', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/');
    const teaser = page.getByTestId('seedfinder-teaser');
    expect(await teaser.getAttribute('aria-haspopup')).toBeNull();
    await teaser.click();
    await page.waitForURL((u) => u.pathname === '/seedfinder');
    await expect.poll(() => quiz(page).locator('fieldset:visible').count()).toBe(9);
  });
});

describe('seedfinder: accessibility and screenshots', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`with results at ${viewport.width}px: axe clean, screenshot`, async () => {
      const page = await newPage({ viewport });
      await open(page, RESULTS);
      await expectResults(page);
      await settled(page);
      await expectAxeClean(page);
      await screenshot(page, `seedfinder-results-${viewport.width}`);
    });
  }

  it('the teaser dialog: axe clean, screenshot (mobile)', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/');
    await page.getByTestId('seedfinder-teaser').click();
    await reactReady(page.getByTestId('seedfinder-modal'));
    await settled(page);
    await expectAxeClean(page);
    await screenshot(page, 'seedfinder-modal-375');
  });
});
