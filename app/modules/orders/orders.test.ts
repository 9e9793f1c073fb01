import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, deliveryWindow, normaliseOrderNumber, orderNumber, shipmentTimeline } from './orders.ts';

describe('order numbers', () => {
  it('look like KK-XXXX-XXXX without look-alike characters and do not repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const n = orderNumber((k) => crypto.randomBytes(k));
      expect(n).toMatch(/^KK-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
      seen.add(n);
    }
    expect(seen.size).toBe(5000);
  });

  it('skips biased bytes (rejection sampling) and retries when too few are left', () => {
    let call = 0;
    const bytes = (k: number) => (call++ === 0 ? new Uint8Array(k).fill(255) : new Uint8Array(k).fill(0));
    expect(orderNumber(bytes)).toBe('KK-2222-2222');
  });

  it('normalises what customers type', () => {
    expect(normaliseOrderNumber(' kk-7q4m-9xhd ')).toBe('KK-7Q4M-9XHD');
    expect(normaliseOrderNumber('7Q4M9XHD')).toBe('KK-7Q4M-9XHD');
    expect(normaliseOrderNumber('KK 7Q4M 9XHD')).toBe('KK-7Q4M-9XHD');
    expect(normaliseOrderNumber('KK-7Q4M-9XH0')).toBeNull(); // 0 is not in the alphabet
    expect(normaliseOrderNumber('KK-7Q4M-9XH')).toBeNull();
    expect(normaliseOrderNumber("'; drop table orders;--")).toBeNull();
  });
});

describe('delivery and timeline', () => {
  it('counts business days only', () => {
    // Friday 2026-11-20 + 1 business day = Monday 2026-11-23.
    expect(addBusinessDays(new Date('2026-11-20T10:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-11-23');
    expect(addBusinessDays(new Date('2026-11-23T10:00:00Z'), 5).toISOString().slice(0, 10)).toBe('2026-11-30');
    const w = deliveryWindow(new Date('2026-11-23T10:00:00Z'), 2, 4);
    expect([w.from.slice(0, 10), w.to.slice(0, 10)]).toEqual(['2026-11-25', '2026-11-27']);
  });

  it('shows new → processing → shipped with the moments reached', () => {
    const created = new Date('2026-11-20T10:00:00Z');
    expect(shipmentTimeline({ createdAt: created, processingAt: null, sentAt: null }).map((s) => [s.step, s.done])).toEqual([
      ['new', true],
      ['processing', false],
      ['shipped', false],
    ]);
    const t = shipmentTimeline({ createdAt: created, processingAt: created, sentAt: created });
    expect(t.every((s) => s.done && s.at === created.toISOString())).toBe(true);
  });
});
