// What several loaders of one page view ask (the session, the visitor's cart) is read once per request,
// as Hydrogen builds its request context once. Only for GET/HEAD: after an action React Router runs the
// loaders with a new Request, so a write is never followed by a read remembered from before it.
const memo = new WeakMap<Request, Map<string, Promise<unknown>>>();

export function perRequest<T>(request: Request, key: string, load: () => Promise<T>): Promise<T> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return load();
  let values = memo.get(request);
  if (!values) memo.set(request, (values = new Map()));
  let value = values.get(key) as Promise<T> | undefined;
  if (!value) values.set(key, (value = load()));
  return value;
}
