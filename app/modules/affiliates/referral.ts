// Referral tracking in the browser (SPEC §3/§4/§5/§7/§9; ADR 021): pure rules, so they are tested without
// a browser. The component in components/referral-tracker.tsx wires them to route changes.

/** SPEC §9: the report goes out 3000 ms after the route change. */
export const REFERRAL_DELAY_MS = 3000;
/** SPEC §9: the ids are kept 90 days; the server attributes orders within the same window. */
const REFERRAL_DAYS = 90;
export const REFERRAL_MS = REFERRAL_DAYS * 24 * 60 * 60_000;
/** SPEC §4: once per browser session. */
export const TRACKED_FLAG = 'referral-tracked';
export const AFFILIATE_KEY = 'kk-affiliate-id';
export const VISITOR_KEY = 'kk-visitor-id';
const AFFILIATE_PARAM = 'a_aid';

/** A report waiting for its 3 s (or sent, not yet answered), kept for the next page of this tab. */
export const PENDING_KEY = 'referral-pending';
/** The browser's id for one report: sent more than once (at a page change, again from the next page), it is one visit. */
export const REPORT_ID = /^[A-Za-z0-9_-]{16,40}$/;

export type ReferralReport = {
  a_aid: string | null;
  refer_domain: string | null;
  url: string;
  report_id?: string | null;
};

/** An affiliate code as it may appear in a link: short, no spaces or markup. */
export const AFFILIATE_CODE = /^[A-Za-z0-9_-]{4,32}$/;

const affiliateIn = (url: URL) => {
  const raw = url.searchParams.get(AFFILIATE_PARAM);
  return raw && AFFILIATE_CODE.test(raw) ? raw : null;
};

/**
 * What to report for this page, or null (SPEC §5): only when an affiliate id is in the query, or the
 * referrer's host is non-empty and not our own. A link followed before the app started on the landing page
 * (a full page load) leaves that page, with its affiliate id, as the referrer: that is the landing page.
 */
export function referralFor(href: string, referrer: string): ReferralReport | null {
  const url = new URL(href);
  let from: URL | null = null;
  try {
    from = referrer ? new URL(referrer) : null;
  } catch {
    from = null;
  }
  const foreign = !!from && from.host !== '' && from.host !== url.host;
  const refer_domain = foreign ? from!.host : null;
  const aAid = affiliateIn(url);
  if (aAid) return { a_aid: aAid, refer_domain, url: url.href };
  const landing = from && !foreign && affiliateIn(from);
  if (landing) return { a_aid: landing, refer_domain: null, url: from!.href };
  return foreign ? { a_aid: null, refer_domain, url: url.href } : null;
}

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (t: unknown) => void;
};
type Store = Pick<Storage, 'getItem' | 'setItem'>;
export type TrackerDeps = {
  session: Store & Pick<Storage, 'removeItem'>;
  local: Store;
  timers: Timers;
  /** Posts the report; resolves to the answer's data, or throws. */
  send: (report: ReferralReport) => Promise<{ a_id: string | null; v_id: string }>;
  /** Posts the report as the page goes away, without waiting for an answer (a beacon). */
  sendNow: (report: ReferralReport) => void;
  /** A new random report id (REPORT_ID). */
  newId: () => string;
  /** Whether the ids may be kept on this device (marketing consent). */
  mayStore: () => boolean;
  now: () => number;
  log: (message: string) => void;
};

type Pending = { report: ReferralReport & { report_id: string }; due: number };

function readPending(session: Store): Pending | null {
  try {
    const p = JSON.parse(session.getItem(PENDING_KEY) ?? 'null') as Partial<Pending> | null;
    const r = p?.report;
    if (!r || typeof p.due !== 'number' || typeof r.url !== 'string' || typeof r.report_id !== 'string' || !REPORT_ID.test(r.report_id)) return null;
    return {
      report: {
        a_aid: typeof r.a_aid === 'string' ? r.a_aid : null,
        refer_domain: typeof r.refer_domain === 'string' ? r.refer_domain : null,
        url: r.url,
        report_id: r.report_id,
      },
      due: p.due,
    };
  } catch {
    return null;
  }
}

/**
 * One tracker per page load: `onRouteChange` on the first render and every route change, `flush` when the
 * page goes away (pagehide). A referral found is reported 3 s later and never lost to a navigation: a route
 * change keeps the waiting report; a page that goes away sends it at once, and the next page of the tab
 * (same session storage) sends it again when due, until an answer arrives. The report's id makes those one
 * visit on the server. A failure is only logged; the next route change tries again.
 */
export function createReferralTracker(deps: TrackerDeps) {
  let timer: unknown = null;
  let inFlight = false;
  const send = (p: Pending) => {
    timer = null;
    inFlight = true;
    deps
      .send(p.report)
      .then((data) => {
        deps.session.setItem(TRACKED_FLAG, 'true');
        deps.session.removeItem(PENDING_KEY);
        if (!deps.mayStore()) return;
        const expires = deps.now() + REFERRAL_MS;
        if (data.a_id) deps.local.setItem(AFFILIATE_KEY, JSON.stringify({ value: data.a_id, expires }));
        deps.local.setItem(VISITOR_KEY, JSON.stringify({ value: data.v_id, expires }));
      })
      .catch((e: unknown) => deps.log(`referral not recorded: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        inFlight = false;
      });
  };
  return {
    onRouteChange(href: string, referrer: string) {
      if (timer !== null || inFlight || deps.session.getItem(TRACKED_FLAG) === 'true') return;
      let pending = readPending(deps.session);
      if (!pending) {
        const report = referralFor(href, referrer);
        if (!report) return;
        pending = {
          report: { ...report, report_id: deps.newId() },
          due: deps.now() + REFERRAL_DELAY_MS,
        };
        deps.session.setItem(PENDING_KEY, JSON.stringify(pending));
      }
      const p = pending;
      timer = deps.timers.setTimeout(() => send(p), Math.max(0, p.due - deps.now()));
    },
    flush() {
      if (timer === null) return;
      deps.timers.clearTimeout(timer);
      timer = null;
      const p = readPending(deps.session);
      if (p) deps.sendNow(p.report);
    },
  };
}

/** A kept id, or null once its 90 days have passed. */
export function keptId(store: Store, key: string, now: number): string | null {
  try {
    const v = JSON.parse(store.getItem(key) ?? 'null') as {
      value?: unknown;
      expires?: unknown;
    } | null;
    return v && typeof v.value === 'string' && typeof v.expires === 'number' && v.expires > now ? v.value : null;
  } catch {
    return null;
  }
}
