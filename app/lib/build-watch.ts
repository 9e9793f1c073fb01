// Pure helpers for noticing a new deploy; storage and clock are passed in so they can be tested.

/** Minimum time between two automatic reloads, so a broken deploy cannot cause a reload loop. */
export const RELOAD_GUARD_MS = 10_000;
export const BUILD_POLL_MS = 60_000;
export const RELOAD_KEY = 'kk:reload-at';

/**
 * True when an automatic reload is allowed now; records `now` so the next one waits RELOAD_GUARD_MS.
 * Without working storage the guard cannot be kept, so it says no rather than risk a loop.
 */
export function shouldReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): boolean {
  try {
    const last = Number(storage.getItem(RELOAD_KEY));
    // A timestamp in the future (clock changed) counts as stale, not as a block forever.
    if (Number.isFinite(last) && last > 0 && now >= last && now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/** The query string defeats any cache between the browser and the origin. */
export function latestBuildUrl(now: number): string {
  return `/_build/latest.json?t=${now}`;
}
