import { createMollieClient, type MollieClient, PaymentStatus } from '@mollie/api-client';
import type { PaidAmount, PaymentEventType, PaymentProvider } from './provider.server.ts';

/**
 * Mollie (iDEAL, Bancontact, cards and whatever else the shop's Mollie profile enables for the order's
 * currency; Mollie's hosted checkout shows the methods that apply). Mollie's webhook carries only a
 * payment id: the shop fetches that payment from the API with its own key and trusts only the answer.
 */
export type MollieConfig = { apiKey: string; apiEndpoint?: string };

const ID = /^tr_[A-Za-z0-9]{4,64}$/;
const exponent = (currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** Minor units to Mollie's decimal string ("14.90"), and back; exact, no floating point. */
function toMollieAmount(minor: number, currency: string): { currency: string; value: string } {
  const e = exponent(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(e + 1, '0');
  return { currency, value: e === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -e)}.${digits.slice(-e)}` };
}

function fromMollieAmount(amount: { currency: string; value: string }): PaidAmount | undefined {
  const e = exponent(amount.currency);
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.value);
  if (!m || (m[3]?.length ?? 0) > e) return undefined;
  const minor = Number(m[2]! + (m[3] ?? '').padEnd(e, '0'));
  return Number.isSafeInteger(minor) ? { minor: m[1] ? -minor : minor, currency: amount.currency } : undefined;
}

const EVENT_OF: Record<string, PaymentEventType> = {
  [PaymentStatus.open]: 'payment.processing',
  [PaymentStatus.pending]: 'payment.processing',
  [PaymentStatus.authorized]: 'payment.processing',
  [PaymentStatus.paid]: 'payment.paid',
  [PaymentStatus.failed]: 'payment.failed',
  [PaymentStatus.canceled]: 'payment.cancelled',
  [PaymentStatus.expired]: 'payment.expired',
};

export function mollieProvider(config: MollieConfig, client: MollieClient = createMollieClient({ apiKey: config.apiKey, ...(config.apiEndpoint ? { apiEndpoint: config.apiEndpoint } : {}) })): PaymentProvider {
  return {
    id: 'mollie',
    async createSession({ orderNumber, amountMinor, currency, returnUrl, origin }) {
      const payment = await client.payments.create({
        amount: toMollieAmount(amountMinor, currency),
        description: `Kiemkracht ${orderNumber}`,
        redirectUrl: new URL(returnUrl, origin).toString(),
        webhookUrl: `${origin}/api/betalingen/mollie/webhook`,
        locale: 'nl_NL' as never,
        metadata: { orderNumber },
        // One order number, one payment: a retried request does not open a second one.
        idempotencyKey: `${orderNumber}:${amountMinor}:${currency}:${returnUrl}`,
      });
      const url = payment.getCheckoutUrl();
      if (!url) throw new Error(`Mollie gave no checkout URL for ${payment.id}`);
      return { reference: payment.id, redirectUrl: url };
    },
    async refund({ reference, amountMinor, currency, idempotencyKey, description }) {
      const refund = await client.paymentRefunds.create({ paymentId: reference, amount: toMollieAmount(amountMinor, currency), description, idempotencyKey });
      return { reference: refund.id };
    },
    async parseWebhook(rawBody) {
      const id = new URLSearchParams(rawBody).get('id') ?? '';
      if (!ID.test(id)) return null;
      let payment;
      try {
        payment = await client.payments.get(id);
      } catch (e) {
        // An id Mollie does not know is not an event; anything else (Mollie down) must be retried by Mollie.
        if ((e as { statusCode?: number }).statusCode === 404) return null;
        throw e;
      }
      const type = EVENT_OF[payment.status];
      if (!type) return null;
      const amount = fromMollieAmount(payment.amount);
      // Mollie sends no event id: the payment's state is the event, so a redelivery of the same state is a duplicate.
      return { id: `${payment.id}:${payment.status}`, type, reference: payment.id, created: Math.floor(Date.parse(payment.createdAt) / 1000), ...(amount ? { amount } : {}) };
    },
  };
}
