import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFFILIATE_KEY, createReferralTracker, keptId, REFERRAL_DELAY_MS, REFERRAL_MS, referralFor, TRACKED_FLAG, VISITOR_KEY, type ReferralReport } from './referral.ts';

describe('referralFor (SPEC §5)', () => {
  const own = 'https://kiemkracht.nl/product?a_aid=abc123';
  it('reports an affiliate id in the query, or a referrer from another host', () => {
    expect(referralFor(own, '')).toEqual({ a_aid: 'abc123', refer_domain: null, url: own });
    expect(referralFor('https://kiemkracht.nl/', 'https://forum.example/t/1')).toEqual({ a_aid: null, refer_domain: 'forum.example', url: 'https://kiemkracht.nl/' });
    expect(referralFor(own, 'https://forum.example/')).toEqual({ a_aid: 'abc123', refer_domain: 'forum.example', url: own });
  });
  it('reports nothing without either: no id, no referrer, our own host, or a malformed id', () => {
    expect(referralFor('https://kiemkracht.nl/', '')).toBeNull();
    expect(referralFor('https://kiemkracht.nl/faq', 'https://kiemkracht.nl/')).toBeNull();
    expect(referralFor('https://kiemkracht.nl/?a_aid=<script>', '')).toBeNull();
    expect(referralFor('https://kiemkracht.nl/', 'not a url')).toBeNull();
  });
});

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('the tracker (SPEC §4: once per session, 3000 ms after the route change)', () => {
  let session: ReturnType<typeof memory>;
  let local: ReturnType<typeof memory>;
  let sent: ReferralReport[];
  let consent: boolean;
  const make = (answer: () => Promise<{ a_id: string | null; v_id: string }> = async () => ({ a_id: 'abc123', v_id: 'v'.repeat(22) }), log = vi.fn()) =>
    createReferralTracker({
      session,
      local,
      timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (t) => clearTimeout(t as ReturnType<typeof setTimeout>) },
      send: (r) => (sent.push(r), answer()),
      mayStore: () => consent,
      now: () => Date.now(),
      log,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
    session = memory();
    local = memory();
    sent = [];
    consent = true;
  });
  afterEach(() => vi.useRealTimers());

  it('waits 3000 ms, reports once, sets the session flag and keeps both ids for 90 days', async () => {
    const tracker = make();
    tracker.onRouteChange('https://kiemkracht.nl/?a_aid=abc123', '');
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(session.getItem(TRACKED_FLAG)).toBe('true');
    expect(keptId(local, AFFILIATE_KEY, Date.now())).toBe('abc123');
    expect(keptId(local, VISITOR_KEY, Date.now())).toBe('v'.repeat(22));
    expect(keptId(local, AFFILIATE_KEY, Date.now() + REFERRAL_MS + 1)).toBeNull();
    // Later route changes in the same session report nothing.
    tracker.onRouteChange('https://kiemkracht.nl/product?a_aid=abc123', 'https://forum.example/');
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it('a route change within the 3 s cancels the waiting report and checks the new page', async () => {
    const tracker = make();
    tracker.onRouteChange('https://kiemkracht.nl/?a_aid=abc123', '');
    await vi.advanceTimersByTimeAsync(2000);
    tracker.onRouteChange('https://kiemkracht.nl/product', '');
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS * 2);
    expect(sent).toHaveLength(0);
    tracker.onRouteChange('https://kiemkracht.nl/faq', 'https://forum.example/');
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS);
    expect(sent.map((r) => r.refer_domain)).toEqual(['forum.example']);
  });

  it('without marketing consent the report is made but no id is kept on the device', async () => {
    consent = false;
    const tracker = make();
    tracker.onRouteChange('https://kiemkracht.nl/?a_aid=abc123', '');
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(session.getItem(TRACKED_FLAG)).toBe('true');
    expect(local.m.size).toBe(0);
  });

  it('a failure is only logged: no flag, so the next route change tries again', async () => {
    const log = vi.fn();
    let fail = true;
    const tracker = make(async () => {
      if (fail) throw new Error('status 503');
      return { a_id: null, v_id: 'w'.repeat(22) };
    }, log);
    tracker.onRouteChange('https://kiemkracht.nl/?a_aid=abc123', '');
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS);
    expect(log).toHaveBeenCalledWith('referral not recorded: status 503');
    expect(session.getItem(TRACKED_FLAG)).toBeNull();
    fail = false;
    tracker.onRouteChange('https://kiemkracht.nl/product?a_aid=abc123', '');
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS);
    expect(sent).toHaveLength(2);
    expect(session.getItem(TRACKED_FLAG)).toBe('true');
    expect(keptId(local, AFFILIATE_KEY, Date.now())).toBeNull();
  });
});
