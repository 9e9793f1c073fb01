import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/** False on the server and during hydration, true afterwards: for parts that only work with JavaScript. */
export function useHydrated() {
  return useSyncExternalStore(noop, () => true, () => false);
}
