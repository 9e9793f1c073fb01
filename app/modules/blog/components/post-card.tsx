import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { blog } from '~/i18n/nl/blog.ts';
import { StrainImage } from '~/components/strain-image.tsx';
import type { PostCardData } from '../blog.server.ts';
import { AuthorAvatar } from './author-avatar.tsx';
import { formatDate, isoDay } from '../blog.ts';

/** The cover: a strain's generated artwork, or a quiet gradient when the post has none. */
export function PostCover({
  strain,
  sizes,
  width,
  height,
  priority = false,
  className,
}: {
  strain: string | null;
  sizes: string;
  width: number;
  height: number;
  priority?: boolean;
  className: string;
}) {
  return strain ? (
    <StrainImage slug={strain} alt="" sizes={sizes} width={width} height={height} priority={priority} className={className} />
  ) : (
    <div aria-hidden className={`bg-gradient-to-br from-primary-800 via-primary-700 to-secondary-700 ${className}`} />
  );
}

export function CategoryBadge({ name }: { name: string }) {
  return <span className="inline-flex rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800 ring-1 ring-primary-200/70">{name}</span>;
}

/** Date and reading time, for cards and the post header. */
function PostMeta({ post, className = '' }: { post: Pick<PostCardData, 'publishedAt' | 'readingMinutes'>; className?: string }) {
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-2 ${className}`}>
      <time dateTime={isoDay(post.publishedAt)}>{formatDate(post.publishedAt)}</time>
      <span aria-hidden>·</span>
      <span className="inline-flex items-center gap-1">
        <Clock className="h-3.5 w-3.5" aria-hidden />
        {blog.readingMinutes(post.readingMinutes)}
      </span>
    </span>
  );
}

/** A post card (SPEC §2): cover, category, title, excerpt, author, date and reading time; the whole card is the link. */
export function PostCard({ post, priority = false, headingLevel = 3 }: { post: PostCardData; priority?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-xl hover:ring-primary-300"
      data-testid="post-card"
    >
      <div className="overflow-hidden">
        <PostCover
          strain={post.coverStrain}
          sizes="(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw"
          width={640}
          height={400}
          priority={priority}
          className="aspect-[16/10] w-full transition duration-500 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <CategoryBadge name={post.category.name} />
        </div>
        <Heading className="text-lg leading-snug font-bold text-slate-900 group-hover:text-primary-800">
          <CardLink post={post} />
        </Heading>
        <p className="line-clamp-3 text-sm leading-relaxed text-slate-600">{post.excerpt}</p>
        <Byline post={post} className="mt-auto border-t border-slate-100 pt-4 text-xs text-slate-500" nameClass="text-slate-800" />
      </div>
    </article>
  );
}

/** The post's title as a link that covers the whole card. */
const CardLink = ({ post }: { post: PostCardData }) => (
  <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none">
    {post.title}
  </Link>
);

/** Who wrote the post, with its date and reading time. */
function Byline({ post, className, nameClass }: { post: PostCardData; className: string; nameClass: string }) {
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <AuthorAvatar slug={post.author.slug} name={post.author.name} size="sm" />
      <p className="min-w-0">
        <span className={`block font-semibold ${nameClass}`}>{post.author.name}</span>
        <PostMeta post={post} />
      </p>
    </div>
  );
}

/** The newest post, large, at the top of the blog. */
export function FeaturedPost({ post }: { post: PostCardData }) {
  return (
    <article className="group relative grid overflow-hidden rounded-3xl bg-slate-900 text-white shadow-sm md:grid-cols-2" data-testid="featured-post">
      <div className="overflow-hidden">
        <PostCover
          strain={post.coverStrain}
          sizes="(min-width: 1024px) 512px, (min-width: 768px) 50vw, 100vw"
          width={1024}
          height={768}
          priority
          className="aspect-[16/10] h-full w-full transition duration-500 group-hover:scale-105 md:aspect-auto"
        />
      </div>
      <div className="flex flex-col justify-center gap-4 p-6 sm:p-8 lg:p-10">
        <p className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wider text-primary-300 uppercase">
          <span>{blog.featured}</span>
          <span aria-hidden>·</span>
          <span>{post.category.name}</span>
        </p>
        <h2 className="text-2xl leading-tight font-extrabold tracking-tight sm:text-3xl">
          <CardLink post={post} />
        </h2>
        <p className="text-base leading-relaxed text-slate-300">{post.excerpt}</p>
        <Byline post={post} className="text-sm text-slate-400" nameClass="text-white" />
        <span className="inline-flex items-center gap-1 text-sm font-semibold text-primary-300 group-hover:text-primary-200" aria-hidden>
          {blog.readMore} →
        </span>
      </div>
    </article>
  );
}
