// Pure rules of the blog editor: what staff see as a post's status. The database keeps draft/published and a
// publication moment; a published post whose moment is still ahead is "scheduled" (ADR 014, ADR 036).
export const postStates = ['draft', 'scheduled', 'published'] as const;
export type PostState = (typeof postStates)[number];

export function postStatusOf(status: 'draft' | 'published', publishedAt: Date | null, now: Date): PostState {
  if (status === 'draft') return 'draft';
  return publishedAt && publishedAt > now ? 'scheduled' : 'published';
}

/** Slugs in addresses: lower-case words joined by single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
