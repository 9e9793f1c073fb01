// ADR 049. After hydration React Router fetches the routes that the page's links lead to (/__manifest, "eager route
// discovery"), patches them into the router and then sets a new router state, which renders the whole page again:
// on a phone a second hydration's worth of main-thread work right after the first. The page's own matches and data do
// not change, and the shop's links prefetch on intent (a link reads the routes when it is pointed at or focused), so
// the client build leaves that state update out; a navigation or fetcher that needs a route still finds it patched.

const PATCH_ROUTES =
  /(function patchRoutes\(routeId, children, unstable_allowElementMutations = false\) \{\s*patchRoutesImpl\([^;]*\);\s*)if \(!dataRoutes\.hasHMRRoutes\) \{\s*updateState\(\{\}\);\s*\}/;

/** The router's code without the re-render after a patch; null when `code` is not the router's. Throws when React Router changed. */
export function quietRouteDiscovery(code: string): string | null {
  if (!code.includes('function patchRoutes(routeId, children')) return null;
  const quiet = code.replace(PATCH_ROUTES, '$1');
  if (quiet === code) throw new Error("react-router changed: its router's patchRoutes no longer matches (ADR 049)");
  return quiet;
}
