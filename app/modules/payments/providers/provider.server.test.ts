import { describe, expect, it } from 'vitest';
import { parseEvent, signPayload, verifySignature } from './provider.server.ts';
import { sandboxProvider } from './sandbox.server.ts';

const now = new Date('2026-11-22T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);
const body = JSON.stringify({ id: 'evt_1', type: 'payment.paid', reference: 'sbx_1', created: t });

describe('webhook signatures', () => {
  it('accepts the HMAC over the raw body within 300 s', () => {
    expect(verifySignature('s3cret', body, signPayload('s3cret', body, t), now)).toBe(true);
    expect(verifySignature('s3cret', body, signPayload('s3cret', body, t - 300), now)).toBe(true);
  });

  it('refuses another secret, a changed body, an old or future timestamp and malformed headers', () => {
    expect(verifySignature('s3cret', body, signPayload('other', body, t), now)).toBe(false);
    expect(verifySignature('s3cret', body + ' ', signPayload('s3cret', body, t), now)).toBe(false);
    expect(verifySignature('s3cret', body, signPayload('s3cret', body, t - 301), now)).toBe(false);
    expect(verifySignature('s3cret', body, signPayload('s3cret', body, t + 301), now)).toBe(false);
    for (const h of [null, '', 't=abc,v1=00', `t=${t}`, `v1=${'a'.repeat(64)}`, `t=${t},v1=${'z'.repeat(64)}`]) expect(verifySignature('s3cret', body, h, now)).toBe(false);
  });

  it('parses only well-formed events', () => {
    expect(parseEvent(body)).toEqual({ id: 'evt_1', type: 'payment.paid', reference: 'sbx_1', created: t });
    expect(parseEvent('{')).toBeNull();
    expect(parseEvent(JSON.stringify({ id: 'x', type: 'payment.refunded', reference: 'r', created: 1 }))).toBeNull();
    expect(parseEvent(JSON.stringify({ id: '', type: 'payment.paid', reference: 'r', created: 1 }))).toBeNull();
    expect(parseEvent(JSON.stringify({ id: 'e', type: 'payment.paid', reference: 'r', created: 1, amount: { minor: 1490, currency: 'EUR' } }))).toMatchObject({ amount: { minor: 1490, currency: 'EUR' } });
    expect(parseEvent(JSON.stringify({ id: 'e', type: 'payment.paid', reference: 'r', created: 1, amount: { minor: 14.9, currency: 'EUR' } }))).toBeNull();
    expect(parseEvent(JSON.stringify({ id: 'e', type: 'payment.paid', reference: 'r', created: 1, amount: { minor: 1490, currency: 'eur' } }))).toBeNull();
  });

  it('the sandbox signs its events the way it verifies them', async () => {
    const sandbox = sandboxProvider('whsec');
    const session = await sandbox.createSession({ orderNumber: 'KK-2222-2222', amountMinor: 1000, currency: 'EUR', returnUrl: '/order-status?x=1', origin: 'http://shop' });
    expect(session.redirectUrl).toMatch(/^\/betalen\/sandbox\/sbx_[\w-]+\?terug=/);
    const e = sandbox.signedEvent(session.reference, 'payment.failed', undefined, now);
    expect(await sandbox.parseWebhook(e.body, e.headers, now)).toMatchObject({ type: 'payment.failed', reference: session.reference });
    expect(await sandboxProvider('other').parseWebhook(e.body, e.headers, now)).toBeNull();
  });
});
