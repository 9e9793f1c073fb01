import type { Plugin } from 'vite';

// ADR 061. After hydration React Router fetches the routes that the page's links lead to (/__manifest, "eager route
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
  if (quiet === code) throw new Error("react-router changed: its router's patchRoutes no longer matches (ADR 061)");
  return quiet;
}

/** The client build's React Router, quiet after route discovery; the build fails when the rewrite no longer applies. */
export const quietDiscovery: Plugin = {
  name: 'kiemkracht-quiet-route-discovery',
  apply: 'build',
  applyToEnvironment: (env) => env.name === 'client',
  transform(code, id) {
    if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return;
    try {
      const quiet = quietRouteDiscovery(code);
      return quiet === null ? undefined : { code: quiet, map: null };
    } catch (e) {
      this.error(`${id}: ${(e as Error).message}`);
    }
  },
};
