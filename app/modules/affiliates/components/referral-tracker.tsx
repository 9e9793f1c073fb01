import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { createReferralTracker } from '../referral.ts';

type Tracker = ReturnType<typeof createReferralTracker>;
let tracker: Tracker | null = null;

/**
 * SPEC §4: on every route change, once per browser session, a referral (affiliate id in the query or a
 * foreign referrer) is reported 3 s later. The ids are kept only with marketing consent (ADR 021).
 */
export function ReferralTracker({ marketing }: { marketing: boolean }) {
  const location = useLocation();
  const consent = useRef(marketing);
  useEffect(() => {
    consent.current = marketing;
  }, [marketing]);
  useEffect(() => {
    tracker ??= createReferralTracker({
      session: window.sessionStorage,
      local: window.localStorage,
      timers: { setTimeout: (fn, ms) => window.setTimeout(fn, ms), clearTimeout: (t) => window.clearTimeout(t as number) },
      send: async (report) => {
        const res = await fetch('/metric/referral', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(report),
        });
        if (!res.ok) throw new Error(`status ${res.status}`);
        return ((await res.json()) as { data: { a_id: string | null; v_id: string } }).data;
      },
      mayStore: () => consent.current,
      now: () => Date.now(),
      log: (message) => console.warn(message),
    });
    tracker.onRouteChange(window.location.href, document.referrer);
  }, [location.pathname, location.search]);
  return null;
}
