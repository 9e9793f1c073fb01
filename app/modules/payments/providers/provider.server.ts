import crypto from 'node:crypto';

// A hosted-page payment provider. Adding a real provider means one adapter implementing this.
export type PaymentEventType = 'payment.processing' | 'payment.paid' | 'payment.failed' | 'payment.cancelled' | 'payment.expired';
const paymentEventTypes: readonly PaymentEventType[] = ['payment.processing', 'payment.paid', 'payment.failed', 'payment.cancelled', 'payment.expired'];

/** What the provider says was paid, in minor units; compared with the order before it counts. */
export type PaidAmount = { minor: number; currency: string };
export type PaymentEvent = { id: string; type: PaymentEventType; reference: string; created: number; amount?: PaidAmount };

export type PaymentProvider = {
  id: string;
  /** Opens a hosted payment page for an amount; the customer is sent to `redirectUrl`. */
  createSession(input: { orderNumber: string; amountMinor: number; currency: string; returnUrl: string; origin: string }): Promise<{ reference: string; redirectUrl: string }>;
  /**
   * Turns a webhook delivery into the event it proves, or null when it proves nothing (bad signature, age
   * or body, unknown payment). Signed providers verify the body; others (Mollie) fetch the payment from their API.
   */
  parseWebhook(rawBody: string, headers: Headers, now: Date): Promise<PaymentEvent | null>;
  /**
   * Gives (part of) a paid payment back. The provider refuses more than is left; the same
   * idempotency key never refunds twice.
   */
  refund(input: { reference: string; amountMinor: number; currency: string; idempotencyKey: string; description: string }): Promise<{ reference: string }>;
};

export const SIGNATURE_HEADER = 'kk-signature';
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the scheme most providers use. */
export function signPayload(secret: string, rawBody: string, timestamp: number): string {
  const mac = crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** Checks the HMAC over the raw body (constant time) and that the timestamp is within 300 s of now. */
export function verifySignature(secret: string, rawBody: string, header: string | null, now: Date): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export function parseEvent(rawBody: string): PaymentEvent | null {
  try {
    const v = JSON.parse(rawBody) as Partial<PaymentEvent>;
    if (typeof v.id !== 'string' || !v.id || v.id.length > 100) return null;
    if (typeof v.reference !== 'string' || !v.reference || v.reference.length > 100) return null;
    if (!paymentEventTypes.includes(v.type as PaymentEventType)) return null;
    if (typeof v.created !== 'number') return null;
    const a = v.amount;
    const amount = a && Number.isSafeInteger(a.minor) && typeof a.currency === 'string' && /^[A-Z]{3}$/.test(a.currency) ? { minor: a.minor, currency: a.currency } : undefined;
    if (a !== undefined && !amount) return null;
    return { id: v.id, type: v.type as PaymentEventType, reference: v.reference, created: v.created, ...(amount ? { amount } : {}) };
  } catch {
    return null;
  }
}
