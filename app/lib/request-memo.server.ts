import { AsyncLocalStorage } from 'node:async_hooks';

// What several loaders of one page view ask (the session, the visitor's cart) is read once per request,
// as Hydrogen builds its request context once. React Router hands each loader its own Request object, so
// the memo belongs to the HTTP request: `requestScope` opens it for every GET/HEAD request. Writes are never
// memoised (an action's request has no scope), and the key includes the cookies the answer depends on.
type Memo = Map<string, Promise<unknown>>;
// The server and the React Router build each load their own copy of this module: one store on globalThis.
const KEY = Symbol.for('kiemkracht.request-memo');
const g = globalThis as unknown as Record<symbol, AsyncLocalStorage<Memo> | undefined>;
const scope = (g[KEY] ??= new AsyncLocalStorage<Memo>());

/** Express middleware: one memo for everything a GET/HEAD request reads. */
export function requestScope(req: { method: string }, _res: unknown, next: () => void) {
  if (req.method === 'GET' || req.method === 'HEAD') scope.run(new Map(), next);
  else next();
}

export function perRequest<T>(request: Request, key: string, load: () => Promise<T>): Promise<T> {
  const values = request.method === 'GET' || request.method === 'HEAD' ? scope.getStore() : undefined;
  if (!values) return load();
  const full = `${key}\n${request.headers.get('cookie') ?? ''}`;
  let value = values.get(full) as Promise<T> | undefined;
  if (!value) values.set(full, (value = load()));
  return value;
}
