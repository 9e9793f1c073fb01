import { useState } from 'react';

/**
 * The React key for a settings form whose action redirects after a save (to `?klaar=1`): it changes when the
 * action's answer goes (the redirect's page has none), so the form keyed on it starts clean, without a refused
 * try's messages and with the values just saved, also when they equal the ones before. A refused try keeps the key
 * (its messages and values show in the same form). Not in form.ts: the shop's form pages do not carry it.
 */
export function useSavedFormKey(lastResult: unknown): number {
  const [state, setState] = useState({ seen: lastResult, key: 0 });
  if (lastResult !== state.seen) setState({ seen: lastResult, key: lastResult ? state.key : state.key + 1 });
  return state.key;
}
