import crypto from 'node:crypto';
import { type PaidAmount, type PaymentEvent, type PaymentEventType, type PaymentProvider, parseEvent, SIGNATURE_HEADER, signPayload, verifySignature } from './provider.server.ts';

/**
 * The built-in sandbox: a hosted page inside the shop (/betalen/sandbox/{reference}) where the
 * tester chooses the outcome. It signs its webhook with the shared secret exactly as a real
 * provider would, so the shop's webhook path is the one production uses.
 */
export function sandboxProvider(secret: string): PaymentProvider & { signedEvent(reference: string, type: PaymentEventType, amount?: PaidAmount, now?: Date): { body: string; headers: Headers } } {
  return {
    id: 'sandbox',
    async createSession({ returnUrl }) {
      const reference = `sbx_${crypto.randomBytes(12).toString('base64url')}`;
      const url = new URL(`/betalen/sandbox/${reference}`, 'http://x');
      url.searchParams.set('terug', returnUrl);
      return { reference, redirectUrl: url.pathname + url.search };
    },
    async parseWebhook(rawBody, headers, now) {
      if (!verifySignature(secret, rawBody, headers.get(SIGNATURE_HEADER), now)) return null;
      return parseEvent(rawBody);
    },
    async refund({ idempotencyKey }) {
      // No money moves in the sandbox: the refund id is derived from the key, so a repeat gives the same one.
      return { reference: `sbx_re_${crypto.createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 16)}` };
    },
    signedEvent(reference, type, amount, now = new Date()) {
      const event: PaymentEvent = { id: `evt_${crypto.randomBytes(12).toString('base64url')}`, type, reference, created: Math.floor(now.getTime() / 1000), ...(amount ? { amount } : {}) };
      const body = JSON.stringify(event);
      return { body, headers: new Headers({ 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(secret, body, event.created) }) };
    },
  };
}
