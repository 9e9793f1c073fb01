import { startTransition, useEffect, useState } from 'react';

// Until the first page has hydrated; parts mounted later (client-side navigation) start hydrated.
let hydrating = true;

/** True while React hydrates the first page (and on the server). */
export const isHydrating = () => hydrating;

/**
 * False on the server and during hydration, true afterwards: for parts that only work with JavaScript. The switch is
 * a transition after hydration, so React renders the parts that change in interruptible work; a store that differs
 * from its server value (`useSyncExternalStore`) re-rendered them in one synchronous task, a long task on a phone.
 * Not for a part the server renders inside a lazily loaded component: that part hydrates after the page and would
 * read true during its hydration (React reports the mismatch, and the end-to-end tests fail on it).
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    hydrating = false;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
