import { searchSuggestions } from '~/modules/catalog/catalog.server.ts';
import type { Route } from './+types/search.ts';

// GET /api/search?q=…: up to six suggestions for the search form while typing.
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get('q') ?? '';
  return Response.json({ items: await searchSuggestions(context.db, request, q) }, { headers: { 'Cache-Control': 'private, max-age=30' } });
}
