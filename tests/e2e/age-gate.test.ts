// The age gate: first visit, confirm, persistence, deny, crawlers, without JavaScript, accessibility.
import { describe, expect, it } from 'vitest';
import { MOBILE, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { DAY_SECONDS, GOOGLEBOT_UA, YEAR_SECONDS, ageGate, cookieNamed, nextFrame, open, reactReady, settled } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const DENIED = 'Je moet 18 jaar of ouder zijn om deze website te bezoeken.';

describe('age gate with JavaScript', () => {
  it('shows on a first visit as a dialog, rendered in the server HTML', async () => {
    const page = await newPage({ adult: false });
    const response = await open(page, '/faq');
    expect(await response?.text()).toContain('data-testid="age-gate"');
    const gate = ageGate(page);
    await gate.waitFor();
    expect(await gate.getAttribute('role')).toBe('dialog');
    expect(await page.getByRole('dialog', { name: 'Ben je 18 jaar of ouder?' }).count()).toBe(1);
    expect(await gate.getByRole('button', { name: 'Ja, ik ben 18 of ouder' }).isVisible()).toBe(true);
    expect(await gate.getByRole('button', { name: 'Nee, ik ben jonger' }).isVisible()).toBe(true);
    expect(await gate.getByRole('alert').count()).toBe(0);
  });

  it('blocks the page: focus is trapped, Escape and a click outside do not close it', async () => {
    const page = await newPage({ adult: false });
    await open(page, '/faq');
    const gate = ageGate(page);
    await gate.waitFor();
    const focusInGate = () => gate.evaluate((el) => el.contains(document.activeElement));
    await expect.poll(focusInGate).toBe(true);
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 450);
    // Radix closes synchronously on Escape: a (wrongly) closing dialog is gone by the next frame.
    await nextFrame(page);
    expect(await gate.isVisible()).toBe(true);
    // Tabbing never leaves the dialog, either way round.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInGate()).toBe(true);
    }
    // The page behind is inert (out of reach of focus, clicks and screen readers) and does not scroll.
    expect(await page.locator('#inhoud').evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  });

  it('"Ja" sets age_verified for about a year, returns to the same page and the gate stays gone', async () => {
    const page = await newPage({ adult: false });
    await open(page, '/verzending-bezorging?x=1');
    await ageGate(page).getByRole('button', { name: 'Ja, ik ben 18 of ouder' }).click();
    await expect.poll(() => ageGate(page).count()).toBe(0);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/verzending-bezorging?x=1');
    const cookie = await cookieNamed(page, 'age_verified');
    expect(cookie?.value).toBe('1');
    const expectedExpiry = Date.now() / 1000 + YEAR_SECONDS;
    expect(Math.abs((cookie?.expires ?? 0) - expectedExpiry)).toBeLessThan(DAY_SECONDS);

    await page.reload();
    await page.locator('h1').waitFor();
    expect(await ageGate(page).count()).toBe(0);
    await open(page, '/faq');
    expect(await ageGate(page).count()).toBe(0);
  });

  it('"Nee" keeps the gate and explains why', async () => {
    const page = await newPage({ adult: false });
    await open(page, '/faq');
    await ageGate(page).getByRole('button', { name: 'Nee, ik ben jonger' }).click();
    const alert = ageGate(page).getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(DENIED);
    expect(await ageGate(page).isVisible()).toBe(true);
    expect(await cookieNamed(page, 'age_verified')).toBeUndefined();
    // Still denied after a reload; confirming afterwards still works.
    await page.reload();
    await ageGate(page).getByRole('alert').waitFor();
    await ageGate(page).getByRole('button', { name: 'Ja, ik ben 18 of ouder' }).click();
    await expect.poll(() => ageGate(page).count()).toBe(0);
  });

  it('is not shown to crawlers', async () => {
    const page = await newPage({ adult: false, userAgent: GOOGLEBOT_UA });
    const response = await page.goto('/faq');
    expect(response?.status()).toBe(200);
    await page.locator('h1').waitFor();
    expect(await response?.text()).not.toContain('data-testid="age-gate"');
    expect(await ageGate(page).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('is not shown to an adult who confirmed earlier', async () => {
    const page = await newPage();
    await open(page, '/');
    expect(await ageGate(page).count()).toBe(0);
  });

  it('does not move the page: the heading sits where it sits without the gate, and nothing shifts while it appears', async () => {
    const box = async (adult: boolean) => {
      const page = await newPage({ adult, viewport: MOBILE });
      await page.addInitScript(() => {
        const w = window as unknown as { kkShift: number };
        w.kkShift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) w.kkShift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await open(page, '/product/northern-lights');
      if (!adult) await reactReady(ageGate(page));
      await settled(page);
      const shift = await page.evaluate(() => (window as unknown as { kkShift: number }).kkShift);
      // Both measured in one font. The web font is font-display: optional, so a page whose font came late (a busy
      // machine) keeps the fallback for good, and its heading sits lower for the font, not for the gate.
      await page.addStyleTag({ content: '* { font-family: Arial, sans-serif !important; }' });
      return { box: await page.locator('h1').boundingBox(), shift };
    };
    const [withGate, without] = [await box(false), await box(true)];
    expect(withGate.box).toEqual(without.box);
    // ARCHITECTURE.md: CLS ≤ 0.02, no layout shift from dialogs.
    expect(withGate.shift).toBeLessThanOrEqual(0.02);
  });

  it('is axe clean while open (mobile), screenshot age-gate-375', async () => {
    const page = await newPage({ adult: false, viewport: MOBILE });
    await open(page, '/');
    // The gate's code loads after the page's hydration flag is set; axe must not run while React takes over its DOM.
    await reactReady(ageGate(page));
    await settled(page);
    await expectAxeClean(page);
    await screenshot(page, 'age-gate-375');
  });
});

describe('age gate without JavaScript', () => {
  it('shows, and "Ja" confirms with a plain form post', async () => {
    const page = await newPage({ adult: false, javaScriptEnabled: false });
    await page.goto('/faq?x=1');
    const gate = ageGate(page);
    expect(await gate.isVisible()).toBe(true);
    // Named and described without JavaScript too (Radix only links its title after hydration).
    expect(await page.getByRole('dialog', { name: 'Ben je 18 jaar of ouder?' }).count()).toBe(1);
    expect(await gate.getAttribute('aria-describedby')).toBe('age-gate-text');
    await gate.getByRole('button', { name: 'Ja, ik ben 18 of ouder' }).click();
    await page.waitForURL((u) => u.pathname === '/faq' && u.search === '?x=1');
    await page.locator('h1').waitFor();
    expect(await ageGate(page).count()).toBe(0);
    expect((await cookieNamed(page, 'age_verified'))?.value).toBe('1');
  });

  it('"Nee" shows the explanation', async () => {
    const page = await newPage({ adult: false, javaScriptEnabled: false });
    await page.goto('/faq');
    await ageGate(page).getByRole('button', { name: 'Nee, ik ben jonger' }).click();
    // The alert only exists in the page the post redirects back to.
    const alert = ageGate(page).getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(DENIED);
    expect(new URL(page.url()).pathname).toBe('/faq');
  });
});
