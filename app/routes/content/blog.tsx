import { data, Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs.tsx';
import { nl } from '~/i18n/nl.ts';
import { blog } from '~/i18n/nl/blog.ts';
import { blogIndex } from '~/modules/blog/blog.server.ts';
import { blogHref, parseBlogQuery } from '~/modules/blog/blog.ts';
import { FeaturedPost, PostCard } from '~/modules/blog/components/post-card.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { siteOrigin } from '~/lib/seo.ts';
import type { Route } from './+types/blog.ts';

// /blog?categorie=slug&pagina=n: plain links, so filtering and paging work without JavaScript.
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseBlogQuery(url.searchParams);
  const index = query ? await blogIndex(context.db, query) : null;
  if (!index) throw data(null, { status: 404 });
  return index;
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [];
  const origin = siteOrigin(matches);
  const name = d.category?.name;
  const href = blogHref({ category: d.category?.slug ?? null, page: d.page });
  const title = `${name ? `${name} | ${blog.title}` : blog.metaTitle}${d.page > 1 ? blog.pageSuffix(d.page) : ''} | Kiemkracht`;
  const description = d.category?.description || blog.intro;
  const posts = [...(d.featured ? [d.featured] : []), ...d.posts];
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: `${origin}${href}` },
    ...(d.page > 1 ? [{ tagName: 'link', rel: 'prev', href: blogHref({ category: d.category?.slug ?? null, page: d.page - 1 }) }] : []),
    ...(d.page < d.pageCount ? [{ tagName: 'link', rel: 'next', href: blogHref({ category: d.category?.slug ?? null, page: d.page + 1 }) }] : []),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: name ? `${name} – Kiemkracht blog` : 'Kiemkracht blog',
        description,
        url: `${origin}${href}`,
        inLanguage: 'nl-NL',
        blogPost: posts.map((p) => ({
          '@type': 'BlogPosting',
          headline: p.title,
          url: `${origin}/blog/${p.slug}`,
          datePublished: p.publishedAt,
          dateModified: p.updatedAt,
          author: { '@type': 'Person', name: p.author.name, url: `${origin}/auteurs/${p.author.slug}` },
        })),
      },
    },
  ];
};

export default function Blog({ loaderData: d }: Route.ComponentProps) {
  const current = d.category?.slug ?? null;
  const all = d.categories.reduce((n, c) => n + c.count, 0);
  const chips = [{ slug: null, name: blog.allCategories, count: all }, ...d.categories.filter((c) => c.count > 0 || c.slug === current)];
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page py-8 sm:py-10">
          <Breadcrumbs
            label={blog.breadcrumb}
            items={[{ label: nl.nav.home, to: '/' }, { label: blog.title, to: '/blog' }, ...(d.category ? [{ label: d.category.name }] : [])]}
          />
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{d.category?.name ?? blog.title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">{d.category?.description || blog.intro}</p>
          <nav aria-label={blog.categoriesLabel} className="mt-6 -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <ul className="flex gap-2 pb-1 sm:flex-wrap">
              {chips.map((c) => {
                const active = c.slug === current;
                return (
                  <li key={c.slug ?? 'alle'} className="shrink-0">
                    <Link
                      to={blogHref({ category: c.slug, page: 1 })}
                      aria-current={active ? 'page' : undefined}
                      className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ring-1 transition-colors ${
                        active ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-100'
                      }`}
                    >
                      {c.name}
                      <span className={`rounded-full px-1.5 text-xs ${active ? 'bg-white/20 text-white' : 'bg-slate-100 text-slate-600'}`}>{c.count}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </header>

      <div className="container-page py-8 sm:py-10">
        {d.featured ? <FeaturedPost post={d.featured} /> : null}
        {d.posts.length > 0 ? (
          <section aria-labelledby="artikelen" className={d.featured ? 'mt-12' : undefined}>
            <div className="flex items-baseline justify-between gap-4">
              <h2 id="artikelen" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
                {d.featured ? blog.latest : d.page > 1 && !d.category ? blog.morePosts : blog.count(d.total)}
              </h2>
              {d.pageCount > 1 ? (
                <p className="text-sm text-slate-500">
                  {blog.page(d.page)} / {d.pageCount}
                </p>
              ) : null}
            </div>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="post-grid">
              {d.posts.map((p, i) => (
                <li key={p.slug}>
                  <PostCard post={p} priority={!d.featured && i < 2} />
                </li>
              ))}
            </ul>
          </section>
        ) : d.featured ? null : (
          <div className="rounded-3xl bg-white p-10 text-center ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">{blog.empty}</p>
            <p className="mt-1 text-sm text-slate-600">{blog.emptyHint}</p>
            <Link to="/blog" className="mt-4 inline-block text-sm font-semibold text-primary-800 hover:underline">
              {blog.allCategories}
            </Link>
          </div>
        )}
        {d.pageCount > 1 ? <Pagination page={d.page} pageCount={d.pageCount} href={(n) => blogHref({ category: current, page: n })} /> : null}
      </div>
    </>
  );
}
