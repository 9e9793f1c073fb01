// In-process read cache, one per database handle (tests open several).
// Writers call invalidate(); entries also expire so other processes' writes show up.
type Entry = { value: Promise<unknown>; expires: number };
const stores = new WeakMap<object, Map<string, Entry>>();

export function cached<T>(owner: object, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  let store = stores.get(owner);
  if (!store) stores.set(owner, (store = new Map()));
  const hit = store.get(key);
  const now = Date.now();
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { value, expires: now + ttlMs });
  // A failed load must not stay cached.
  value.catch(() => store.delete(key));
  return value;
}

export function invalidate(owner: object, prefix = '') {
  const store = stores.get(owner);
  if (!store) return;
  for (const key of store.keys()) if (key.startsWith(prefix)) store.delete(key);
}
