import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { nl } from '~/i18n/nl.ts';
import type { ProductCardData } from '../catalog.ts';
import { ProductCard } from '~/components/product-card.tsx';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

/** Search form: a GET to /product?q= (works without JavaScript), with suggestions while typing. */
export function SearchForm({ defaultValue = '', autoFocus = false }: { defaultValue?: string; autoFocus?: boolean }) {
  const id = useId();
  const [q, setQ] = useState(defaultValue);
  const fetcher = useFetcher<{ items: ProductCardData[] }>();
  const { load } = fetcher;
  useEffect(() => {
    const term = q.trim();
    if (term.length < 2) return;
    // Wait for a pause in typing before asking.
    const t = setTimeout(() => load(`/api/search?q=${encodeURIComponent(term)}`), 150);
    return () => clearTimeout(t);
  }, [q, load]);
  const items = q.trim().length >= 2 ? (fetcher.data?.items ?? []) : [];

  return (
    <div>
      <Form method="get" action="/product" role="search">
        <label htmlFor={id} className="sr-only">
          {nl.panels.searchLabel}
        </label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
            <input
              id={id}
              name="q"
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              autoFocus={autoFocus}
              autoComplete="off"
              placeholder={nl.panels.searchPlaceholder}
              aria-controls={`${id}-suggestions`}
              className="w-full rounded-full border border-slate-300 py-2.5 pr-4 pl-9"
            />
          </div>
          <button type="submit" className={buttonClass('primary')}>
            {nl.panels.searchSubmit}
          </button>
        </div>
      </Form>
      <div id={`${id}-suggestions`} aria-live="polite">
        {items.length > 0 ? (
          <div className="mt-4">
            <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{catalogText.suggestions}</h2>
            <ul className="mt-2" data-testid="search-suggestions">
              {items.map((p) => (
                <li key={p.slug}>
                  <ProductCard p={p} variant="small" />
                </li>
              ))}
            </ul>
            <Link to={`/product?q=${encodeURIComponent(q.trim())}`} className="mt-2 inline-block text-sm font-medium text-primary-800 hover:underline">
              {catalogText.showAllResults(q.trim())}
            </Link>
          </div>
        ) : null}
      </div>
    </div>
  );
}
