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

export type ReferralReport = {
  a_aid: string | null;
  refer_domain: string | null;
  url: string;
};

/** An affiliate code as it may appear in a link: short, no spaces or markup. */
export const AFFILIATE_CODE = /^[A-Za-z0-9_-]{4,32}$/;

/**
 * What to report for this page, or null (SPEC §5): only when an affiliate id is in the query, or the
 * referrer's host is non-empty and not our own.
 */
export function referralFor(href: string, referrer: string): ReferralReport | null {
  const url = new URL(href);
  const raw = url.searchParams.get(AFFILIATE_PARAM);
  const aAid = raw && AFFILIATE_CODE.test(raw) ? raw : null;
  let host = '';
  try {
    host = referrer ? new URL(referrer).host : '';
  } catch {
    host = '';
  }
  const foreign = host !== '' && host !== url.host;
  if (!aAid && !foreign) return null;
  return { a_aid: aAid, refer_domain: foreign ? host : null, url: url.href };
}

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (t: unknown) => void;
};
type Store = Pick<Storage, 'getItem' | 'setItem'>;
export type TrackerDeps = {
  session: Store;
  local: Store;
  timers: Timers;
  /** Posts the report; resolves to the answer's data, or throws. */
  send: (report: ReferralReport) => Promise<{ a_id: string | null; v_id: string }>;
  /** Whether the ids may be kept on this device (marketing consent). */
  mayStore: () => boolean;
  now: () => number;
  log: (message: string) => void;
};

/**
 * One tracker per page load: `onRouteChange` on the first render and every route change. A change
 * cancels a report still waiting (the visitor moved on within 3 s; the next page is checked instead).
 */
export function createReferralTracker(deps: TrackerDeps) {
  let pending: unknown = null;
  let inFlight = false;
  return {
    onRouteChange(href: string, referrer: string) {
      if (pending !== null) deps.timers.clearTimeout(pending);
      pending = null;
      if (inFlight || deps.session.getItem(TRACKED_FLAG) === 'true') return;
      const report = referralFor(href, referrer);
      if (!report) return;
      pending = deps.timers.setTimeout(() => {
        pending = null;
        inFlight = true;
        deps
          .send(report)
          .then((data) => {
            deps.session.setItem(TRACKED_FLAG, 'true');
            if (!deps.mayStore()) return;
            const expires = deps.now() + REFERRAL_MS;
            if (data.a_id) deps.local.setItem(AFFILIATE_KEY, JSON.stringify({ value: data.a_id, expires }));
            deps.local.setItem(VISITOR_KEY, JSON.stringify({ value: data.v_id, expires }));
          })
          .catch((e: unknown) => deps.log(`referral not recorded: ${e instanceof Error ? e.message : String(e)}`))
          .finally(() => {
            inFlight = false;
          });
      }, REFERRAL_DELAY_MS);
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
