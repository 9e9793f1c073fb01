import { data } from 'react-router';
import { nl } from '~/i18n/nl.ts';
import { formatMoney } from '~/lib/money.ts';
import { ContentBlocks, PageHeader } from '~/modules/content/components/content-blocks.tsx';
import { getContentPage } from '~/modules/content/content.server.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import type { Route } from './+types/shipping.ts';

// Shipping page: the policy text plus the live rates and delivery times of the visitor's region.
export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, region] = await Promise.all([getContentPage(context.db, 'verzending-bezorging'), regionForRequest(context.db, request)]);
  if (!page) throw data(null, { status: 404 });
  return {
    page: { title: page.title, description: page.description, blocks: page.blocks },
    regionName: region.name,
    rows: region.countries.map((c) => ({
      iso: c.iso,
      name: c.name,
      currency: c.currency,
      freeFrom: c.carrier.free_from,
      rates: c.rates,
    })),
  };
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  d ? [{ title: `${d.page.title} | Kiemkracht` }, { name: 'description', content: d.page.description }] : [];

export default function Shipping({ loaderData: { page, rows, regionName } }: Route.ComponentProps) {
  const rate = (r: (typeof rows)[number], carrier: string) => r.rates.find((x) => x.carrier === carrier);
  return (
    <article>
      <PageHeader title={page.title} intro={page.description} />
      <div className="container-page max-w-3xl py-10">
        <section className="mb-10">
          <h2 id="rates" className="text-xl font-bold text-slate-900">
            {nl.pages.shippingTable} ({regionName})
          </h2>
          {/* Focusable so keyboard users can scroll the table sideways on small screens. */}
          <div className="mt-4 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200" tabIndex={0} role="region" aria-labelledby="rates">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">{nl.pages.shippingCountry}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{nl.pages.shippingTracked}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{nl.pages.shippingRegular}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{nl.pages.shippingFreeFrom}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((r) => {
                  const tracked = rate(r, 'tracked_parcel');
                  const regular = rate(r, 'regular_post');
                  return (
                    <tr key={r.iso}>
                      <th scope="row" className="px-4 py-3 font-medium text-slate-900">{r.name}</th>
                      <td className="px-4 py-3">
                        {tracked ? `${formatMoney(tracked.priceMinor, r.currency)} · ${nl.pages.workingDays(tracked.minDays, tracked.maxDays)}` : '—'}
                      </td>
                      <td className="px-4 py-3">
                        {regular ? `${formatMoney(regular.priceMinor, r.currency)} · ${nl.pages.workingDays(regular.minDays, regular.maxDays)}` : '—'}
                      </td>
                      <td className="px-4 py-3">{formatMoney(r.freeFrom, r.currency)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
        <ContentBlocks blocks={page.blocks} />
      </div>
    </article>
  );
}
