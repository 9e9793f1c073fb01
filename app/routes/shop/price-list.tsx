import { priceList } from '~/i18n/nl/catalog.ts';
import { Printer } from 'lucide-react';
import { Link } from 'react-router';
import { z } from 'zod';
import { buttonClass } from '~/components/ui/button.ts';
import { formatMoney } from '~/lib/money.ts';
import { loadCatalogue } from '~/modules/catalog/catalog.server.ts';
import { PRICE_LIST_SORTS, priceListRows } from '~/modules/catalog/catalog.ts';
import { PageHeader } from '~/modules/content/components/content-blocks.tsx';
import { regionForRequest } from '~/lib/regions.server.ts';
import type { Route } from './+types/price-list.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = z.enum(PRICE_LIST_SORTS).safeParse(new URL(request.url).searchParams.get('sorteer'));
  const sort = parsed.success ? parsed.data : 'naam';
  const [{ products }, region] = await Promise.all([loadCatalogue(context.db), regionForRequest(context.db, request)]);
  return { sort, currency: region.currency, rows: priceListRows(products, region.currency, sort) };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${priceList.title} | Kiemkracht` },
  { name: 'description', content: priceList.intro(d?.currency ?? 'EUR') },
];

export default function PriceList({ loaderData: { rows, currency, sort } }: Route.ComponentProps) {
  const t = priceList;
  const head = (key: (typeof PRICE_LIST_SORTS)[number], label: string, className = '') => (
    <th scope="col" className={`px-3 py-3 font-semibold ${className}`} aria-sort={sort === key ? (key === 'thc' ? 'descending' : 'ascending') : undefined}>
      <Link to={`?sorteer=${key}`} preventScrollReset className="hover:text-primary-800 print:no-underline" aria-label={t.sortBy(label)}>
        {label}
        {sort === key ? ' ▾' : ''}
      </Link>
    </th>
  );
  return (
    <>
      <PageHeader title={t.title} intro={t.intro(currency)} />
      <div className="container-page py-8">
        <button type="button" onClick={() => window.print()} className={buttonClass('secondary', 'md', 'print:hidden')}>
          <Printer className="h-4 w-4" aria-hidden />
          {t.print}
        </button>
        <div className="mt-4 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 print:ring-0">
          <table className="w-full text-left text-sm" data-testid="price-list">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                {head('naam', t.strain)}
                {head('type', t.type, 'hidden sm:table-cell')}
                {head('thc', t.thc, 'hidden sm:table-cell')}
                {[1, 3, 5, 10].map((n) =>
                  n === 1 ? (
                    <th key={n} scope="col" className="px-3 py-3 text-right font-semibold" aria-sort={sort === 'prijs' ? 'ascending' : undefined}>
                      <Link to="?sorteer=prijs" preventScrollReset className="hover:text-primary-800">
                        {t.pack(n)}
                        {sort === 'prijs' ? ' ▾' : ''}
                      </Link>
                    </th>
                  ) : (
                    <th key={n} scope="col" className="px-3 py-3 text-right font-semibold">
                      {t.pack(n)}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.slug} className="break-inside-avoid">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/product/${r.slug}`} className="text-slate-900 hover:text-primary-800">
                      {r.name}
                    </Link>
                  </th>
                  <td className="hidden px-3 py-2 text-slate-600 sm:table-cell">{catalogText.types[r.type]}</td>
                  <td className="hidden px-3 py-2 text-slate-600 sm:table-cell">{catalogText.percent(r.thc)}</td>
                  {r.prices.map((p, i) => (
                    <td key={i} className={`px-3 py-2 text-right tabular-nums ${p?.soldOut ? 'text-slate-500' : 'text-slate-900'}`}>
                      {p ? formatMoney(p.price, currency) : '—'}
                      {p?.soldOut ? <span className="block text-xs">{t.soldOut}</span> : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </>
  );
}
