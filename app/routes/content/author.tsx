import { data } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs.tsx';
import { nl } from '~/i18n/nl.ts';
import { authorsText, blog } from '~/i18n/nl/blog.ts';
import { safeHref } from '~/lib/markdown.ts';
import { getAuthor } from '~/modules/blog/blog.server.ts';
import { blogHref, paragraphs, parseBlogQuery } from '~/modules/blog/blog.ts';
import { AuthorAvatar } from '~/modules/blog/components/author-avatar.tsx';
import { ExpertiseList } from '~/modules/blog/components/author-card.tsx';
import { PostCard } from '~/modules/blog/components/post-card.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { siteOrigin } from '~/lib/seo.ts';
import type { Route } from './+types/author.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseBlogQuery(url.searchParams);
  // Only ?pagina belongs here.
  const found = query && !query.category ? await getAuthor(context.db, params.slug, query.page) : null;
  if (!found) throw data(null, { status: 404 });
  return found;
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [];
  const { author: a } = d;
  const origin = siteOrigin(matches);
  const url = `${origin}/auteurs/${a.slug}`;
  return [
    { title: `${a.name}${d.page > 1 ? blog.pageSuffix(d.page) : ''} | ${authorsText.title} | Kiemkracht` },
    { name: 'description', content: authorsText.metaDescription(a.name, a.role) },
    { tagName: 'link', rel: 'canonical', href: `${origin}${blogHref({ category: null, page: d.page }, `/auteurs/${a.slug}`)}` },
    { property: 'og:type', content: 'profile' },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url,
        dateCreated: a.createdAt,
        dateModified: a.updatedAt,
        mainEntity: {
          '@type': 'Person',
          name: a.name,
          jobTitle: a.role,
          description: paragraphs(a.bio)[0] ?? '',
          knowsAbout: a.expertise,
          worksFor: { '@type': 'Organization', name: 'Kiemkracht', url: `${origin}/` },
          ...(a.links.length
            ? {
                sameAs: a.links
                  .map((l) => safeHref(l.url))
                  .filter((l) => l?.external)
                  .map((l) => l!.href),
              }
            : {}),
        },
      },
    },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: nl.nav.home, item: `${origin}/` },
          { '@type': 'ListItem', position: 2, name: authorsText.title, item: `${origin}/auteurs` },
          { '@type': 'ListItem', position: 3, name: a.name, item: url },
        ],
      },
    },
  ];
};

export default function Author({ loaderData: d }: Route.ComponentProps) {
  const a = d.author;
  const links = a.links.map((l) => ({ label: l.label, target: safeHref(l.url) })).filter((l) => l.target);
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page py-8 sm:py-10">
          <Breadcrumbs label={blog.breadcrumb} items={[{ label: nl.nav.home, to: '/' }, { label: authorsText.title, to: '/auteurs' }, { label: a.name }]} />
          <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
            <AuthorAvatar slug={a.slug} name={a.name} size="lg" />
            <div className="min-w-0 max-w-2xl">
              <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{a.name}</h1>
              <p className="mt-1 text-lg font-medium text-primary-800">{a.role}</p>
              <div className="mt-4 space-y-3 leading-relaxed text-slate-700" data-testid="author-bio">
                {paragraphs(a.bio).map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
              <ExpertiseList items={a.expertise} className="mt-5" />
              {links.length > 0 ? (
                <ul className="mt-4 flex flex-wrap gap-4 text-sm" aria-label={authorsText.links}>
                  {links.map((l) => (
                    <li key={l.target!.href}>
                      <a
                        href={l.target!.href}
                        rel={l.target!.external ? 'noopener noreferrer' : undefined}
                        className="font-semibold text-primary-800 hover:underline"
                      >
                        {l.label}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </div>
        </div>
      </header>
      <section aria-labelledby="artikelen" className="container-page py-8 sm:py-10">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="artikelen" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
            {authorsText.postsBy(a.name)}
          </h2>
          <p className="text-sm text-slate-500">{authorsText.posts(d.total)}</p>
        </div>
        {d.posts.length > 0 ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="post-grid">
            {d.posts.map((p, i) => (
              <li key={p.slug}>
                <PostCard post={p} priority={i < 2} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 rounded-3xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">{authorsText.noPosts}</p>
        )}
        {d.pageCount > 1 ? (
          <Pagination page={d.page} pageCount={d.pageCount} href={(n) => blogHref({ category: null, page: n }, `/auteurs/${a.slug}`)} />
        ) : null}
      </section>
    </>
  );
}
