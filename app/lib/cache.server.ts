import { LRUCache } from 'lru-cache';

// In-process read cache, one per database handle (tests open several).
// Writers call invalidate(); on PostgreSQL the invalidation is broadcast to every app
// process with NOTIFY (see openDatabase). Entries also expire as a safety net, and the
// least recently used go first once MAX_ENTRIES are kept (search keys are the visitor's words).
export const MAX_ENTRIES = 2_000;
type Store = LRUCache<string, { value: Promise<unknown> }>;
type State = {
  stores: WeakMap<object, Store>;
  buses: WeakMap<object, (prefix: string) => void>;
  listeners: WeakMap<object, Set<(prefix: string) => void>>;
};
// The server (run by tsx) and the React Router build each load their own copy of this module;
// the state lives on globalThis so both copies share one cache and one invalidation bus.
const KEY = Symbol.for('kiemkracht.read-cache');
const g = globalThis as unknown as Record<symbol, State | undefined>;
const state = (g[KEY] ??= { stores: new WeakMap(), buses: new WeakMap(), listeners: new WeakMap() });
const { stores, buses, listeners } = state;

export function cached<T>(owner: object, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  let store = stores.get(owner);
  if (!store) stores.set(owner, (store = new LRUCache({ max: MAX_ENTRIES })));
  const hit = store.get(key);
  if (hit) return hit.value as Promise<T>;
  const entry = { value: load() };
  store.set(key, entry, { ttl: ttlMs });
  // A failed load must not stay cached (unless a newer load replaced it meanwhile).
  entry.value.catch(() => {
    if (store.peek(key) === entry) store.delete(key);
  });
  return entry.value as Promise<T>;
}

/** The value cached under `key` in this process (loaded or still loading), without loading or refreshing it. */
export function peekCached<T>(owner: object, key: string): Promise<T> | undefined {
  return stores.get(owner)?.get(key)?.value as Promise<T> | undefined;
}

/** Keys of what only one visitor sees (their cart): dropping them changes no shared page. */
export const PERSONAL_PREFIX = 'personal:';

/** Drops entries in this process only (used when a broadcast arrives). */
export function invalidateLocal(owner: object, prefix = '') {
  for (const listener of listeners.get(owner) ?? []) listener(prefix);
  const store = stores.get(owner);
  if (!store) return;
  if (prefix === '') return store.clear();
  for (const key of [...store.keys()]) if (key.startsWith(prefix)) store.delete(key);
}

/** Calls `listener` on every invalidation for `owner`, local or broadcast (the page cache drops its pages). */
export function onInvalidate(owner: object, listener: (prefix: string) => void): () => void {
  let set = listeners.get(owner);
  if (!set) listeners.set(owner, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Drops entries here and tells the other processes sharing the database to do the same. */
export function invalidate(owner: object, prefix = '') {
  invalidateLocal(owner, prefix);
  buses.get(owner)?.(prefix);
}

export function registerInvalidationBus(owner: object, broadcast: (prefix: string) => void) {
  buses.set(owner, broadcast);
}
