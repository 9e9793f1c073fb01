import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '~/routes.ts';

export type FlatRoute = { path?: string; file: string; parent?: string };

/** The route table (app/routes.ts) as a list, nested routes (the /beheer layout's pages) with their full paths. */
export function flatRoutes(entries = routes as RouteConfigEntry[], prefix = '', parent?: string): FlatRoute[] {
  return entries.flatMap((r) => {
    const full = r.path === undefined ? undefined : `${prefix.replace(/\/$/, '')}/${r.path.replace(/^\//, '')}`.replace(/^\/\//, '/');
    return [{ path: full, file: r.file, parent }, ...flatRoutes(r.children ?? [], full ?? prefix, r.file)];
  });
}
