import { type ComponentType, createElement, lazy } from 'react';

/**
 * Like React.lazy, but the server loads the module at start-up and renders it
 * directly: its HTML is in the document (no streamed Suspense fallback, so it
 * works without JavaScript), while the browser fetches the chunk only when the
 * component is first rendered or preloaded. Use inside a <Suspense>.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  const fetchIt = () => load().then((c) => (loaded = c));
  if (import.meta.env.SSR) void fetchIt();
  const Lazy = lazy(() => fetchIt().then((c) => ({ default: c })));
  const LazyComponent = (props: P) => createElement(loaded ?? Lazy, props);
  /** Fetches the code before the component is first rendered (rendered then, it does not suspend). */
  LazyComponent.preload = () => (loaded ? Promise.resolve(loaded) : fetchIt());
  return LazyComponent;
}
