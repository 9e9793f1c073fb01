// Payments in production mode: a server started without PAYMENTS_SANDBOX (as `npm start` is by default)
// has no sandbox page and does not offer online payment; a crafted post cannot bring either back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean, useBrowser } from './browser.ts';
import { type RunningServer, STAFF_TOKEN, startServer } from './server.ts';
import { fillShipping, packLabel, section } from './shop.ts';
import { emailField } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

describe('payments on a production server without an online provider', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ PAYMENTS_SANDBOX: '', STAFF_API_TOKENS: '' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('offers only bank transfer and cash by mail, refuses "online", and has no sandbox', async () => {
    const page = await newPage({ baseURL: server.url });
    await page.goto('/product/northern-lights');
    const pack = await packLabel(page, '3 zaadjes').locator('input[name="pack"]').getAttribute('value');
    const added = await page.request.post('/besteloverzicht', { form: { intent: 'add', pack: pack!, quantity: '1' }, headers: { Origin: server.url }, maxRedirects: 0 });
    expect(added.status()).toBeGreaterThanOrEqual(300);

    await page.goto('/checkout');
    const payment = section(page, 'Betaalmethode');
    await payment.getByLabel(/Bankoverschrijving/).waitFor();
    expect(await payment.getByLabel(/Contant per post/).count()).toBe(1);
    expect(await payment.getByLabel(/Online betalen/).count()).toBe(0);
    await expectAxeClean(page);

    // The settings API and the product page tell the same story.
    const settings = (await (await page.request.get('/api/nl-nl/settings')).json()) as { payment_options: { id: string }[] };
    expect(settings.payment_options.map((o) => o.id).sort()).toEqual(['bank_transfer', 'cash_by_mail']);

    // A crafted choice of "online" is refused next to the field, and no order is made.
    await emailField(page).fill('sanne@example.com');
    await fillShipping(page);
    await page.getByLabel(/Verzekerd pakket met track & trace/).check();
    await payment.getByLabel(/Bankoverschrijving/).check();
    // The page's own form, posted as a browser would without JavaScript, with "online" put back in.
    const crafted = await page.getByTestId('place-order').evaluate(async (button: HTMLButtonElement) => {
      const body = new URLSearchParams([...new FormData(button.form!).entries()].map(([k, v]) => [k, String(v)]));
      body.set('paymentMethod', 'online');
      const res = await fetch('/checkout', { method: 'POST', body, redirect: 'manual' });
      return { status: res.status, html: await res.text() };
    });
    expect(crafted.status).toBe(400);
    expect(crafted.html).toContain('Betaaloptie is verplicht.');
    // Without the crafted field the same form places the order: the refusal was the payment method.
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/order-status\?.*bedankt=1/);

    for (const method of ['GET', 'POST'] as const) {
      const res = await page.request.fetch('/betalen/sandbox/sbx_anything', { method, form: method === 'POST' ? { outcome: 'paid' } : undefined, headers: { Origin: server.url }, maxRedirects: 0 });
      expect(res.status(), `${method} /betalen/sandbox`).toBe(404);
    }
    // No STAFF_API_TOKENS: the staff API does not exist, whatever token is offered.
    const staffApi = await page.request.post('/api/staff/orders', { data: { number: 'KK-1', action: 'paid' }, headers: { Authorization: `Bearer ${STAFF_TOKEN}` } });
    expect(staffApi.status()).toBe(404);
    ignoreErrors(/status of (400|404)/);
  }, 90_000);
});
