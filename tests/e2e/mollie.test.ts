// Paying with Mollie in the browser: a production server with MOLLIE_API_KEY, talking to the
// local fake of Mollie's API (tests/fakes/mollie.ts). The customer is sent to Mollie's checkout, Mollie calls the
// webhook with only the payment id, the shop asks Mollie and shows the order paid. Once with JavaScript, once without.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMollie } from '../fakes/mollie.ts';
import { useBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';
import { fillShipping, packLabel, section } from './shop.ts';
import { emailField } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

describe('paying online with Mollie', () => {
  let mollie: Awaited<ReturnType<typeof startFakeMollie>>;
  let server: RunningServer;
  beforeAll(async () => {
    mollie = await startFakeMollie();
    // The fake's certificate is self-signed: the test server (only) skips the certificate check.
    server = await startServer({ MOLLIE_API_KEY: mollie.apiKey, MOLLIE_API_URL: mollie.url, PAYMENTS_SANDBOX: '', NODE_TLS_REJECT_UNAUTHORIZED: '0' });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await mollie?.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`checkout → Mollie → paid, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async () => {
      const page = await newPage({ baseURL: server.url, javaScriptEnabled, ignoreHTTPSErrors: true });
      await page.goto('/product/northern-lights');
      const pack = await packLabel(page, '3 zaadjes').locator('input[name="pack"]').getAttribute('value');
      const added = await page.request.post('/besteloverzicht', { form: { intent: 'add', pack: pack!, quantity: '1' }, headers: { Origin: server.url }, maxRedirects: 0 });
      expect(added.status()).toBeGreaterThanOrEqual(300);
      await page.goto('/checkout');
      await emailField(page).fill('mollie@example.com');
      await fillShipping(page);
      // Without JavaScript the page cannot update the total for the carrier: the default one is kept.
      if (javaScriptEnabled) await page.getByLabel(/Verzekerd pakket met track & trace/).check();
      await section(page, 'Betaalmethode').getByLabel(/Online betalen/).check();
      await page.getByTestId('place-order').click();

      await page.waitForURL(/\/checkout\/tr_/);
      expect(new URL(page.url()).origin).toBe(new URL(mollie.url).origin);
      const id = page.url().split('/').pop()!;
      expect(mollie.payments.get(id)!.webhookUrl).toBe(`${server.url}/api/betalingen/mollie/webhook`);
      await page.getByRole('button', { name: 'paid' }).click();

      await page.waitForURL(new RegExp(`^${server.url}/order-status`));
      await page.getByTestId('order-page').waitFor();
      await expect.poll(async () => (await page.getByTestId('payment-state').innerText()).trim()).toBe('Betaald');
    }, 90_000);
  }
});
