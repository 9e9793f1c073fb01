import type { MetaDescriptor } from 'react-router';

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/**
 * The shop's origin for absolute links in meta tags (canonical, og:url, JSON-LD): the root loader's
 * request origin, which is PUBLIC_URL behind a proxy (server/app.ts rewrites the host).
 */
export function siteOrigin(matches: Matches): string {
  return (matches.find((m) => m?.id === 'root')?.data as { origin?: string } | undefined)?.origin ?? '';
}

/** Search engines want the canonical address absolute; a relative one is a Lighthouse SEO failure. */
export function canonicalLink(matches: Matches, path: string): MetaDescriptor {
  return { tagName: 'link', rel: 'canonical', href: `${siteOrigin(matches)}${path}` };
}
