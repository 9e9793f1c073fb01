import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { type Consent, MARKETING_ROUTE_CHANGE, TAG_MANAGER_DELAY_MS, type ThirdPartyScripts } from '../consent.ts';

const loaded = new Set<string>();
// The CSP lets these in by their origin (only configured ones are listed), so they need no nonce.
function inject(src: string) {
  if (loaded.has(src)) return;
  loaded.add(src);
  const s = document.createElement('script');
  s.src = src;
  s.async = true;
  document.head.appendChild(s);
}

/**
 * Loads the configured third-party scripts, each only with the visitor's consent (SPEC §4, §9): the tag
 * manager 3000 ms after the page loads and never for a bot, the marketing-email script on the second
 * route change. Nothing configured: nothing loads.
 */
export function ThirdPartyScripts({ scripts, consent, bot }: { scripts: ThirdPartyScripts; consent: Consent; bot: boolean }) {
  const { pathname } = useLocation();
  // Route changes counted from the page load (React's "state from the previous render" pattern).
  const [route, setRoute] = useState({ pathname, changes: 0 });
  if (route.pathname !== pathname) setRoute({ pathname, changes: route.changes + 1 });
  const changes = route.changes;

  useEffect(() => {
    if (!scripts.tagManager || !consent.statistics || bot) return;
    // 3000 ms after the page loaded (a choice made later loads it at once once that time has passed).
    const wait = Math.max(0, TAG_MANAGER_DELAY_MS - performance.now());
    const timer = setTimeout(() => inject(scripts.tagManager!), wait);
    return () => clearTimeout(timer);
  }, [scripts.tagManager, consent.statistics, bot]);

  useEffect(() => {
    if (scripts.marketing && consent.marketing && changes >= MARKETING_ROUTE_CHANGE) inject(scripts.marketing);
  }, [changes, scripts.marketing, consent.marketing]);

  return null;
}
