import { oneDecimalNumber } from '~/lib/format.ts';
import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '~/lib/money.ts';
import { prefetchMode } from '~/lib/prefetch.ts';
import { WishlistButton } from '~/components/wishlist/wishlist-button.tsx';
import { StrainImage } from '~/components/strain-image.tsx';
import type { ProductCardData } from '~/modules/catalog/catalog.ts';
import { addToCompareHref } from '~/lib/compare-href.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

function Badges({ p }: { p: ProductCardData }) {
  const badge = 'rounded-full px-2 py-0.5 text-xs font-medium';
  return (
    <div className="flex flex-wrap gap-1">
      <span className={`${badge} bg-primary-50 text-primary-800`}>{catalogText.types[p.type]}</span>
      <span className={`${badge} ${p.flowering === 'autoflower' ? 'bg-amber-50 text-amber-800' : 'bg-secondary-50 text-secondary-700'}`}>
        {catalogText.identity[p.flowering]}
      </span>
      {p.sex === 'regular' ? <span className={`${badge} bg-slate-100 text-slate-700`}>{catalogText.identity.regular}</span> : null}
    </div>
  );
}

function Price({ p, className = '' }: { p: ProductCardData; className?: string }) {
  return p.fromPrice === null ? (
    <span className={`text-sm font-medium text-slate-500 ${className}`}>{catalogText.soldOut}</span>
  ) : (
    <span className={`font-semibold text-slate-900 ${className}`}>
      <span className="text-xs font-normal text-slate-500">{catalogText.from} </span>
      {formatMoney(p.fromPrice, p.currency)}
    </span>
  );
}

function Rating({ p }: { p: ProductCardData }) {
  if (p.reviewCount === 0) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-600" aria-label={catalogText.rating(p.ratingAvg, p.reviewCount)}>
      <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-400" aria-hidden />
      {oneDecimalNumber(p.ratingAvg / 10)}
      <span aria-hidden>({p.reviewCount})</span>
    </span>
  );
}

/**
 * Adds the strain to the comparison (ADR 066): a plain link, no script (the cards are on every listing page), and a
 * full page load, since /vergelijken reads a cookie only its own path receives. Above a card's link overlay. Its
 * name is the word alone: with the strain's name in it, "the link named Northern Lights" would be two links.
 */
export function CompareLink({ slug, className = '' }: { slug: string; className?: string }) {
  return (
    <a href={addToCompareHref(slug)} rel="nofollow" className={`font-medium text-secondary-700 underline underline-offset-2 hover:text-secondary-800 ${className}`} data-testid="compare-link">
      {catalogText.compare}
    </a>
  );
}

/** The small card: one link (it cannot hold the heart's form). */
function SmallCard({ p, href }: { p: ProductCardData; href: string }) {
  return (
    <Link to={href} prefetch={prefetchMode()} className="flex items-center gap-3 rounded-xl p-2 hover:bg-slate-50" data-testid="product-card-small">
      <StrainImage slug={p.slug} image={p.image} alt="" sizes="56px" width={56} height={56} className="h-14 w-14 shrink-0 rounded-lg" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900">{p.name}</span>
        <span className="block text-xs text-slate-500">
          {catalogText.types[p.type]} · {catalogText.thcShort(p.thc)}
        </span>
      </span>
      <Price p={p} className="text-sm" />
    </Link>
  );
}

/** The inline card: a list row with the summary beside the image. */
function InlineCard({ p, href, heart }: { p: ProductCardData; href: string; heart: boolean }) {
  return (
    <article className="flex gap-4 rounded-2xl bg-white p-3 ring-1 ring-slate-200" data-testid="product-card-inline">
      <Link to={href} className="shrink-0" tabIndex={-1} aria-hidden>
        <StrainImage slug={p.slug} image={p.image} alt="" sizes="112px" width={112} height={112} className="h-28 w-28 rounded-xl" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold text-slate-900">
            <Link to={href} prefetch={prefetchMode()} className="hover:text-primary-800">
              {p.name}
            </Link>
          </h3>
          {heart ? <WishlistButton productId={p.id} className="-mt-1 -mr-1" /> : null}
        </div>
        <Badges p={p} />
        <p className="line-clamp-2 text-sm text-slate-600">{p.summary}</p>
        <div className="mt-auto flex items-center justify-between gap-2">
          <Rating p={p} />
          <Price p={p} />
        </div>
      </div>
    </article>
  );
}

/**
 * Product card in the three variants of SPEC §2: normal (grid), inline (list row) and small (suggestions, related).
 * Normal and inline carry the wishlist heart (`heart={false}` leaves it out, e.g. on the wishlist itself); the small
 * card is one link, which cannot hold a form.
 */
export function ProductCard({
  p,
  variant = 'normal',
  priority = false,
  heart = true,
}: {
  p: ProductCardData;
  variant?: 'normal' | 'inline' | 'small';
  priority?: boolean;
  heart?: boolean;
}) {
  const href = `/product/${p.slug}`;
  if (variant === 'small') return <SmallCard p={p} href={href} />;
  if (variant === 'inline') return <InlineCard p={p} href={href} heart={heart} />;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 transition hover:shadow-lg hover:ring-primary-300" data-testid="product-card">
      <StrainImage
        slug={p.slug}
        image={p.image}
        alt=""
        sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
        width={480}
        height={480}
        priority={priority}
        className="aspect-square w-full"
      />
      {/* Above the card link's overlay, so it gets its own clicks. */}
      {heart ? <WishlistButton productId={p.id} className="absolute top-2.5 right-2.5 z-10" /> : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Badges p={p} />
        <h3 className="font-semibold text-slate-900">
          {/* The whole card is clickable through this link's overlay. */}
          <Link to={href} prefetch={prefetchMode()} className="after:absolute after:inset-0 focus-visible:outline-none">
            {p.name}
          </Link>
        </h3>
        <p className="text-xs text-slate-600">
          {catalogText.thcShort(p.thc)}
          {p.cbd >= 10 ? ` · ${catalogText.cbdShort(p.cbd)}` : ''}
        </p>
        <CompareLink slug={p.slug} className="relative z-10 w-fit text-xs" />
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <Rating p={p} />
          <Price p={p} />
        </div>
      </div>
    </article>
  );
}

/** Product cards in a grid (related strains, a post's strains, a home page row): a list, one card per item. */
export function ProductCardGrid({ products, className, testId }: { products: readonly ProductCardData[]; className: string; testId?: string }) {
  return (
    <ul className={className} data-testid={testId}>
      {products.map((p) => (
        <li key={p.slug}>
          <ProductCard p={p} />
        </li>
      ))}
    </ul>
  );
}
