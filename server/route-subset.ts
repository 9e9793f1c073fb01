import type { ServerBuild } from 'react-router';
/** `pathname` is `prefix` itself, below it, or its data request (`/beheer.data`). */
export const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(prefix + '/') || pathname.startsWith(prefix + '.');

/**
 * The build without the routes whose path lies under `prefix` (and their child routes). React Router matches a URL
 * by trying the branches of every route in rank order and rebuilds its server routes from the whole build on every
 * request: the back office's 47 routes (of 117), most with more segments than a shop page's (so ranked first), cost every
 * shop request. A shop URL cannot match them; shop requests get a handler without them.
 */
export function withoutRoutesUnder(build: ServerBuild, prefix: string): ServerBuild {
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? full(route.parentId) : '';
    return route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent;
  };
  const keep = (id: string) => !isUnder(full(id), prefix);
  const routes = Object.fromEntries(Object.entries(build.routes).filter(([id]) => keep(id)));
  // The page's own route tree is made from the browser's manifest: the same routes.
  const manifest = Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => keep(id)));
  return { ...build, routes, assets: { ...build.assets, routes: manifest } };
}
