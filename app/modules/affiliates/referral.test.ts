import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AFFILIATE_KEY,
  createReferralTracker,
  keptId,
  PENDING_KEY,
  REFERRAL_DELAY_MS,
  REFERRAL_MS,
  referralFor,
  REPORT_ID,
  TRACKED_FLAG,
  VISITOR_KEY,
  type ReferralReport,
} from './referral.ts';

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
  it('a link followed before the app started on the landing page: the affiliate id of our own referrer, with that page', () => {
    expect(referralFor('https://kiemkracht.nl/product/skunk-1', 'https://kiemkracht.nl/?a_aid=abc123')).toEqual({
      a_aid: 'abc123',
      refer_domain: null,
      url: 'https://kiemkracht.nl/?a_aid=abc123',
    });
    expect(referralFor('https://kiemkracht.nl/product/skunk-1', 'https://kiemkracht.nl/?a_aid=<b>')).toBeNull();
    // Another site's link with an a_aid is that site's business: reported as a foreign referrer only.
    expect(referralFor('https://kiemkracht.nl/', 'https://forum.example/?a_aid=abc123')).toEqual({ a_aid: null, refer_domain: 'forum.example', url: 'https://kiemkracht.nl/' });
  });
});

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

describe('the tracker (SPEC §4: once per session, 3000 ms after the route change)', () => {
  let session: ReturnType<typeof memory>;
  let local: ReturnType<typeof memory>;
  let sent: ReferralReport[];
  let consent: boolean;
  let ids = 0;
  const make = (answer: () => Promise<{ a_id: string | null; v_id: string }> = async () => ({ a_id: 'abc123', v_id: 'v'.repeat(22) }), log = vi.fn()) =>
    createReferralTracker({
      session,
      local,
      timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (t) => clearTimeout(t as ReturnType<typeof setTimeout>) },
      send: (r) => (sent.push(r), answer()),
      sendNow: (r) => void sent.push(r),
      newId: () => `report-${++ids}`.padEnd(22, 'x'),
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

  it('a route change within the 3 s keeps the waiting report: sent once, 3 s after landing, for the landing page', async () => {
    const tracker = make();
    tracker.onRouteChange('https://kiemkracht.nl/?a_aid=abc123', '');
    await vi.advanceTimersByTimeAsync(500);
    tracker.onRouteChange('https://kiemkracht.nl/product/skunk-1', '');
    tracker.onRouteChange('https://kiemkracht.nl/faq', 'https://forum.example/');
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS - 501);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ a_aid: 'abc123', url: 'https://kiemkracht.nl/?a_aid=abc123' });
    expect(sent[0]!.report_id).toMatch(REPORT_ID);
    expect(session.getItem(TRACKED_FLAG)).toBe('true');
    expect(session.getItem(PENDING_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it('a page that goes away within the 3 s sends the report at once; the next page of the tab sends the same report when due', async () => {
    const first = make();
    first.onRouteChange('https://kiemkracht.nl/?a_aid=abc123', '');
    await vi.advanceTimersByTimeAsync(400);
    first.flush();
    expect(sent).toHaveLength(1);
    const id = sent[0]!.report_id;
    expect(id).toMatch(REPORT_ID);
    // A full page load: a new tracker, the same session storage; the new page has no affiliate id of its own.
    const next = make();
    next.onRouteChange('https://kiemkracht.nl/product/skunk-1', 'https://kiemkracht.nl/?a_aid=abc123');
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS - 400 - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(session.getItem(TRACKED_FLAG)).toBe('true');
    expect(keptId(local, AFFILIATE_KEY, Date.now())).toBe('abc123');
    // Nothing waiting: going away sends nothing.
    next.flush();
    expect(sent).toHaveLength(2);
  });

  it('a link followed before the app started: the next page reports the landing page', async () => {
    const tracker = make();
    tracker.onRouteChange('https://kiemkracht.nl/product/skunk-1', 'https://kiemkracht.nl/?a_aid=abc123');
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS);
    expect(sent).toMatchObject([{ a_aid: 'abc123', refer_domain: null, url: 'https://kiemkracht.nl/?a_aid=abc123' }]);
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
    // The same report again (same id: the server may have counted the first), from a page without an affiliate id.
    tracker.onRouteChange('https://kiemkracht.nl/product', '');
    await vi.advanceTimersByTimeAsync(REFERRAL_DELAY_MS);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(session.getItem(TRACKED_FLAG)).toBe('true');
    expect(keptId(local, AFFILIATE_KEY, Date.now())).toBeNull();
  });
});
