import { data } from 'react-router';
import { nl } from '~/i18n/nl.ts';
import type { Route } from './+types/not-found.ts';

// /404 and every unmatched path: status 404, rendered by the root error boundary.
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  throw data(nl.notFound.message(path), { status: 404, statusText: 'Not Found' });
}

export default function NotFoundRoute() {
  return null;
}
