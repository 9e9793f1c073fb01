import { data } from 'react-router';

/**
 * The one way a route's action picks what a form asked for: the form's `intent` field names one handler of a
 * fixed table. A form without the field gets `fallback` (a page whose main form carries no intent); a name the
 * table lacks answers 400 with `invalid` (a tampered or outdated form), never a 500 and never a default action.
 */
export async function dispatchIntent<K extends string, R>(
  form: FormData,
  handlers: Record<K, (form: FormData) => R | Promise<R>>,
  options: { invalid: string; fallback?: NoInfer<K> },
): Promise<R> {
  const name = form.get('intent') ?? options.fallback ?? null;
  if (typeof name !== 'string' || !Object.hasOwn(handlers, name)) throw data(options.invalid, { status: 400 });
  return handlers[name as K](form);
}
