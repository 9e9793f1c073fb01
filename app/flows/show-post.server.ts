// A blog post's page: the blog module reads the post, the catalogue module makes the cards of the strains it
// mentions (in the visitor's currency).
import type { Db } from '~/db/client.server.ts';
import { getPostWith } from '~/modules/blog/blog.server.ts';
import { loadCatalogue, productCards } from '~/modules/catalog/catalog.server.ts';

/** Product cards (visitor's currency) for strain slugs, in order; unknown slugs are left out. */
async function strainCards(db: Db, request: Request, slugs: string[]) {
  const { bySlug } = await loadCatalogue(db);
  return productCards(
    db,
    request,
    slugs.map((slug) => bySlug.get(slug)?.id).filter((id): id is number => id !== undefined),
  );
}

export function getPost(db: Db, request: Request, slug: string) {
  return getPostWith(db, slug, (slugs) => strainCards(db, request, slugs));
}
