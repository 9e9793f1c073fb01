import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { authorsText, blog } from '~/i18n/nl/blog.ts';
import { paragraphs } from '../blog.ts';
import { AuthorAvatar } from './author-avatar.tsx';

export type AuthorCardData = { slug: string; name: string; role: string; bio: string; expertise: string[] };

export function ExpertiseList({ items, className = '' }: { items: string[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`} aria-label={authorsText.expertise}>
      {items.map((e) => (
        <li key={e} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          {e}
        </li>
      ))}
    </ul>
  );
}

/** "About the author" at the end of a post. */
export function AuthorBox({ author }: { author: AuthorCardData }) {
  const [first] = paragraphs(author.bio);
  return (
    <section aria-labelledby="over-de-auteur" className="rounded-3xl bg-white p-6 ring-1 ring-slate-200 sm:p-8" data-testid="author-box">
      <h2 id="over-de-auteur" className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
        {blog.aboutAuthor}
      </h2>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row">
        <AuthorAvatar slug={author.slug} name={author.name} />
        <div className="min-w-0">
          <p className="text-lg font-bold text-slate-900">
            <Link to={`/auteurs/${author.slug}`} className="hover:text-primary-800 hover:underline">
              {author.name}
            </Link>
          </p>
          <p className="text-sm font-medium text-primary-800">{author.role}</p>
          {first ? <p className="mt-3 text-sm leading-relaxed text-slate-600">{first}</p> : null}
          <ExpertiseList items={author.expertise} className="mt-4" />
          <Link to={`/auteurs/${author.slug}`} className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary-800 hover:underline">
            {blog.allPostsBy(author.name)}
            <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        </div>
      </div>
    </section>
  );
}

/** An author card on /auteurs (SPEC §2): the whole card links to the author's page. */
export function AuthorCard({ author, postCount }: { author: AuthorCardData; postCount: number }) {
  const [first] = paragraphs(author.bio);
  return (
    <article
      className="group relative flex h-full flex-col rounded-3xl bg-white p-6 ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-xl hover:ring-primary-300"
      data-testid="author-card"
    >
      <div className="flex items-center gap-4">
        <AuthorAvatar slug={author.slug} name={author.name} />
        <div className="min-w-0">
          <h2 className="text-lg font-bold text-slate-900 group-hover:text-primary-800">
            <Link to={`/auteurs/${author.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none">
              {author.name}
            </Link>
          </h2>
          <p className="text-sm font-medium text-primary-800">{author.role}</p>
        </div>
      </div>
      {first ? <p className="mt-4 line-clamp-4 text-sm leading-relaxed text-slate-600">{first}</p> : null}
      <ExpertiseList items={author.expertise} className="mt-4" />
      <p className="mt-auto pt-5 text-sm font-semibold text-slate-900" data-testid="author-post-count">
        {authorsText.posts(postCount)}
      </p>
    </article>
  );
}
