import { Sparkles } from 'lucide-react';
import { account } from '~/i18n/nl/account.ts';
import type { ProductCardData } from '~/modules/catalog/catalog.ts';
import { ProductCard } from '~/components/product-card.tsx';

const t = account.details;

/** "Aanbevolen voor jou": small product cards, each with the one reason it was picked. */
export function Recommendations({ items }: { items: { card: ProductCardData; reason: string }[] }) {
  if (!items.length) return null;
  const r = t.recommendations;
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="recommendations-title">
      <h2 id="recommendations-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles className="h-5 w-5 text-amber-500" aria-hidden />
        {r.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{r.intro}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="recommendations">
        {items.map(({ card, reason }) => (
          <li key={card.slug} className="rounded-2xl ring-1 ring-slate-200">
            <ProductCard p={card} variant="small" />
            <p className="flex gap-1.5 border-t border-slate-100 px-3 py-2 text-xs text-primary-900" data-testid="recommendation-reason">
              <Sparkles className="mt-0.5 h-3.5 w-3.5 shrink-0 text-primary-600" aria-hidden />
              {reason}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
