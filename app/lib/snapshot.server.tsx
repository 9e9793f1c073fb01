import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import type { Snapshot } from '~/components/server-snapshot.tsx';

// A snapshot is rendered at this address; the page's own is put in where it appears (snapshot.server.test.tsx).
const STAND_IN = '/__kk_plaats__';
const MAX = 64;
const cache = new Map<string, string>();

// React's escaping of attribute values (escapeTextForBrowser).
const ESC: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const esc = (s: string) => s.replace(/["&'<>]/g, (c) => ESC[c]!);

/**
 * The stand-in address in a snapshot, as a link to the page with one parameter set (`/__kk_plaats__?regio=1`, the
 * region and cookie links) or as the page's address (`/__kk_plaats__`, a form's way back), made the page's own.
 */
export function relocate(html: string, { pathname, search }: { pathname: string; search: string }) {
  return html.replace(/\/__kk_plaats__(?:\?([a-z-]+)=([a-z0-9]+))?/g, (_, name?: string, value?: string) => {
    if (!name) return esc(pathname + search);
    const params = new URLSearchParams(search);
    params.set(name, value!);
    return esc(`${pathname}?${params}`);
  });
}

export const snapshot: Snapshot = (key, element, rootData, location, at = STAND_IN) => {
  let html = cache.get(key);
  if (html === undefined) {
    const Stub = createRoutesStub([{ id: 'root', path: '*', Component: () => element }]);
    // Its own id prefix: the page's useId()s and the snapshot's must not meet in one document.
    html = renderToStaticMarkup(<Stub initialEntries={[at]} hydrationData={{ loaderData: { root: rootData } }} />, { identifierPrefix: 'kk-s-' });
    if (cache.size >= MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, html);
  }
  return relocate(html, location);
};
