import { Link } from 'react-router';
import { linksOf } from '~/components/layout/nav-links.ts';
import { useShop } from '~/components/shop-context.ts';
import { nl } from '~/i18n/nl.ts';
import { PageHeader } from '~/modules/content/components/content-blocks.tsx';
import { blog, authorsText } from '~/i18n/nl/blog.ts';
import { blogSitemap } from '~/modules/blog/blog.server.ts';
import { isLive } from '~/site-pages.ts';
import type { Route } from './+types/sitemap.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return blogSitemap(context.db);
}

export const meta: Route.MetaFunction = () => [
  { title: `${nl.pages.sitemap} | Kiemkracht` },
  { name: 'description', content: nl.pages.sitemapIntro },
];

export default function Sitemap({ loaderData }: Route.ComponentProps) {
  const shop = useShop();
  const sections = [
    { title: nl.footer.shop, links: linksOf('shop') },
    { title: nl.nav.collections, links: isLive('/collecties') ? (shop?.categories ?? []).map((c) => ({ to: c.url, label: c.name })) : [] },
    { title: nl.footer.service, links: linksOf('service') },
    { title: nl.footer.about, links: linksOf('about') },
    { title: nl.footer.legal, links: [...linksOf('legal'), ...linksOf('account')] },
    { title: blog.title, links: isLive('/blog') ? loaderData.posts.map((p) => ({ to: `/blog/${p.slug}`, label: p.title })) : [] },
    { title: authorsText.title, links: isLive('/auteurs') ? loaderData.authors.map((a) => ({ to: `/auteurs/${a.slug}`, label: a.name })) : [] },
  ].filter((s) => s.links.length > 0);
  return (
    <>
      <PageHeader title={nl.pages.sitemap} intro={nl.pages.sitemapIntro} />
      <div className="container-page grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((s) => (
          <section key={s.title}>
            <h2 className="font-bold text-slate-900">{s.title}</h2>
            <ul className="mt-3 space-y-2">
              {s.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-primary-800 hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
