import { nl } from '~/i18n/nl.ts';
import { isLive, sitePages, type PageGroup } from '~/site-pages.ts';

export type NavLink = { to: string; label: string };

const label = (path: string) => nl.pageTitles[path] ?? path;

/** The live pages of a footer/menu group, in site-pages order. */
export function linksOf(group: PageGroup): NavLink[] {
  return sitePages.filter((p) => p.group === group && isLive(p.path)).map((p) => ({ to: p.path, label: label(p.path) }));
}

/** Main menu of SPEC §2: collections, deals, blog, support; entries without a live page are left out. */
export function mainMenu(categories: { name: string; url: string }[]) {
  // `overview`: the name of the group's own page where it is listed above its sub-pages.
  const menu: { label: string; links: NavLink[]; to?: string; overview?: string }[] = [
    {
      label: nl.nav.collections,
      to: '/collecties',
      overview: nl.nav.allCollections,
      links: isLive('/collecties') ? categories.map((c) => ({ to: c.url, label: c.name })) : [],
    },
    { label: nl.nav.deals, to: '/kortingscodes', links: [] },
    { label: nl.nav.blog, to: '/blog', links: [] },
    {
      label: nl.nav.support,
      links: ['/faq', '/contact', '/order-status', '/verzending-bezorging', '/betalingsverwerking', '/retourbeleid']
        .filter(isLive)
        .map((to) => ({ to, label: label(to) })),
    },
  ];
  return menu
    .map((m) => ({ ...m, to: m.to && isLive(m.to) ? m.to : undefined }))
    .filter((m) => m.to || m.links.length > 0);
}
