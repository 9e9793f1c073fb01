import { ArrowLeft, Clock, ShieldCheck } from 'lucide-react';
import { data, Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs.tsx';
import { nl } from '~/i18n/nl.ts';
import { blog } from '~/i18n/nl/blog.ts';
import { getPost } from '~/flows/show-post.server.ts';
import { blogHref, formatDate, isoDay, updatedLater } from '~/modules/blog/blog.ts';
import { AuthorAvatar } from '~/modules/blog/components/author-avatar.tsx';
import { AuthorBox } from '~/modules/blog/components/author-card.tsx';
import { MarkdownBody } from '~/components/markdown-body.tsx';
import { CategoryBadge, PostCard, PostCover } from '~/modules/blog/components/post-card.tsx';
import { TableOfContents } from '~/modules/blog/components/table-of-contents.tsx';
import { ProductCardGrid } from '~/components/product-card.tsx';
import { strainImageUrl } from '~/lib/image-urls.ts';
import { siteOrigin } from '~/lib/seo.ts';
import type { Route } from './+types/blog-post.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const post = await getPost(context.db, request, params.slug);
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [];
  const { post: p } = d;
  const origin = siteOrigin(matches);
  const url = `${origin}/blog/${p.slug}`;
  const image = p.coverStrain ? `${origin}${strainImageUrl(p.coverStrain, 1280)}` : undefined;
  const crumbs = [
    { name: nl.nav.home, item: `${origin}/` },
    { name: blog.title, item: `${origin}/blog` },
    { name: p.category.name, item: `${origin}${blogHref({ category: p.category.slug, page: 1 })}` },
    { name: p.title, item: url },
  ];
  return [
    { title: `${p.title} | Kiemkracht` },
    { name: 'description', content: p.excerpt },
    { name: 'author', content: p.author.name },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: p.title },
    { property: 'og:description', content: p.excerpt },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { property: 'article:published_time', content: p.publishedAt },
    { property: 'article:modified_time', content: p.updatedAt },
    { property: 'article:section', content: p.category.name },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: p.title,
        description: p.excerpt,
        ...(image ? { image } : {}),
        url,
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        inLanguage: 'nl-NL',
        articleSection: p.category.name,
        dateCreated: p.createdAt,
        datePublished: p.publishedAt,
        dateModified: p.updatedAt,
        timeRequired: `PT${p.readingMinutes}M`,
        author: { '@type': 'Person', name: p.author.name, jobTitle: p.author.role, url: `${origin}/auteurs/${p.author.slug}` },
        publisher: { '@type': 'Organization', name: 'Kiemkracht', url: `${origin}/` },
      },
    },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, ...c })),
      },
    },
  ];
};

export default function BlogPost({ loaderData: { post: p } }: Route.ComponentProps) {
  const categoryHref = blogHref({ category: p.category.slug, page: 1 });
  return (
    <article className="pb-4">
      <header className="bg-white">
        <div className="container-page pt-6 sm:pt-8">
          <Breadcrumbs
            label={blog.breadcrumb}
            items={[{ label: nl.nav.home, to: '/' }, { label: blog.title, to: '/blog' }, { label: p.category.name, to: categoryHref }, { label: p.title }]}
          />
          <div className="mx-auto max-w-3xl py-8 text-center sm:py-12">
            <Link to={categoryHref} className="inline-block">
              <CategoryBadge name={p.category.name} />
            </Link>
            <h1 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">{p.title}</h1>
            <p className="mt-5 text-lg leading-relaxed text-pretty text-slate-600 sm:text-xl">{p.excerpt}</p>
            <div className="mt-6 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm text-slate-600" data-testid="post-meta">
              <span className="inline-flex items-center gap-2">
                <AuthorAvatar slug={p.author.slug} name={p.author.name} size="sm" />
                <span>
                  {blog.by}{' '}
                  <Link to={`/auteurs/${p.author.slug}`} className="font-semibold text-slate-900 hover:text-primary-800 hover:underline">
                    {p.author.name}
                  </Link>
                </span>
              </span>
              <span>
                {blog.published} <time dateTime={isoDay(p.publishedAt)}>{formatDate(p.publishedAt)}</time>
              </span>
              {updatedLater(p.publishedAt, p.updatedAt) ? (
                <span>
                  {blog.updated} <time dateTime={isoDay(p.updatedAt)}>{formatDate(p.updatedAt)}</time>
                </span>
              ) : null}
              <span className="inline-flex items-center gap-1">
                <Clock className="h-4 w-4" aria-hidden />
                {blog.readingMinutes(p.readingMinutes)}
              </span>
            </div>
          </div>
        </div>
        <div className="container-page">
          <PostCover
            strain={p.coverStrain}
            sizes="(min-width: 1024px) 976px, 100vw"
            width={1280}
            height={560}
            priority
            className="aspect-[16/9] w-full rounded-3xl object-cover sm:aspect-[21/9]"
          />
        </div>
      </header>

      <div className="container-page mt-8 grid gap-8 sm:mt-12 lg:grid-cols-[220px_minmax(0,1fr)] lg:gap-12">
        <aside className="lg:sticky lg:top-32 lg:max-h-[calc(100vh-9rem)] lg:self-start lg:overflow-y-auto">
          <TableOfContents toc={p.document.toc} />
        </aside>
        <div className="min-w-0 max-w-[46rem]">
          <MarkdownBody blocks={p.document.blocks} />
          <p className="mt-10 flex gap-3 rounded-2xl bg-slate-100 p-4 text-sm leading-relaxed text-slate-600">
            <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-primary-700" aria-hidden />
            {blog.disclaimer}
          </p>
          <div className="mt-8">
            <AuthorBox author={p.author} />
          </div>
        </div>
      </div>

      {p.strains.length > 0 ? (
        <section aria-labelledby="soorten" className="container-page mt-16">
          <h2 id="soorten" className="text-2xl font-bold tracking-tight text-slate-900">
            {blog.strains}
          </h2>
          <p className="mt-1 text-slate-600">{blog.strainsIntro}</p>
          <ProductCardGrid products={p.strains} className={`mt-6 grid grid-cols-2 gap-3 sm:gap-4 ${p.strains.length === 3 ? 'sm:grid-cols-3' : 'lg:grid-cols-4'}`} testId="post-strains" />
        </section>
      ) : null}

      {p.related.length > 0 ? (
        <section aria-labelledby="lees-ook" className="container-page mt-16">
          <div className="flex items-end justify-between gap-4">
            <h2 id="lees-ook" className="text-2xl font-bold tracking-tight text-slate-900">
              {blog.related}
            </h2>
            <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-semibold text-primary-800 hover:underline">
              <ArrowLeft className="h-4 w-4" aria-hidden />
              {blog.backToBlog}
            </Link>
          </div>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="related-posts">
            {p.related.map((r) => (
              <li key={r.slug}>
                <PostCard post={r} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
