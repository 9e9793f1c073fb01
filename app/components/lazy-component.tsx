import { type ComponentType, createElement, lazy } from 'react';

/**
 * Like React.lazy, but the server loads the module at start-up and renders it
 * directly: its HTML is in the document (no streamed Suspense fallback, so it
 * works without JavaScript), while the browser fetches the chunk only when the
 * component is first rendered. Use inside a <Suspense>.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const fetchIt = () => load().then((c) => (loaded = c));
  if (import.meta.env.SSR) void fetchIt();
  const Lazy = lazy(() => fetchIt().then((c) => ({ default: c })));
  return function LazyComponent(props: P) {
    return createElement(loaded ?? Lazy, props);
  };
}
