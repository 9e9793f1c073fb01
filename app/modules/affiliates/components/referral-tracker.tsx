import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { createReferralTracker } from '../referral.ts';

type Tracker = ReturnType<typeof createReferralTracker>;
let tracker: Tracker | null = null;

/** A report id: 128 random bits, base64url. */
function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * SPEC §4: on every route change, once per browser session, a referral (affiliate id in the query or a
 * foreign referrer) is reported 3 s later; a navigation never loses it (ADR 057). The ids are kept only with
 * marketing consent (ADR 021).
 */
export function ReferralTracker({ marketing }: { marketing: boolean }) {
  const location = useLocation();
  const consent = useRef(marketing);
  useEffect(() => {
    consent.current = marketing;
  }, [marketing]);
  useEffect(() => {
    if (!tracker) {
      tracker = createReferralTracker({
        session: window.sessionStorage,
        local: window.localStorage,
        timers: {
          setTimeout: (fn, ms) => window.setTimeout(fn, ms),
          clearTimeout: (t) => window.clearTimeout(t as number),
        },
        send: async (report) => {
          const res = await fetch('/metric/referral', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
            },
            body: JSON.stringify(report),
          });
          if (!res.ok) throw new Error(`status ${res.status}`);
          return (
            (await res.json()) as {
              data: { a_id: string | null; v_id: string };
            }
          ).data;
        },
        mayStore: () => consent.current,
        now: () => Date.now(),
        // The page is going away: a beacon is the request the browser still delivers.
        sendNow: (report) => void navigator.sendBeacon('/metric/referral', new Blob([JSON.stringify(report)], { type: 'application/json' })),
        newId,
        log: (message) => console.warn(message),
      });
      window.addEventListener('pagehide', () => tracker?.flush());
    }
    tracker.onRouteChange(window.location.href, document.referrer);
  }, [location.pathname, location.search]);
  return null;
}
