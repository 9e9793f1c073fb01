import { data, redirect } from 'react-router';
import { compare as t } from '~/i18n/nl/compare.ts';
import { readCookie, setCookie } from '~/lib/cookies.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { buttonClass } from '~/components/ui/button.ts';
import { comparePage } from '~/modules/catalog/compare.server.ts';
import { addToChoice, COMPARE_PARAMS as P, COMPARE_PATH, compareHref, MAX_COMPARE, parseSlugs } from '~/modules/catalog/compare.ts';
import { CompareTable } from '~/modules/catalog/components/compare-table.tsx';
import type { Route } from './+types/compare.ts';

/**
 * /vergelijken (ADR 066). `?soorten=a,b` is the comparison itself, shareable; `?toevoegen=x` (the cards' and product
 * page's link) adds to the visitor's last choice, kept in a cookie scoped to this path so no other page loses the
 * page cache, and redirects to the shareable address. Never stored by the page cache: it writes the visitor's choice,
 * and the combinations are too many to be worth a cached copy each.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const saved = readCookie(request, 'compare') ?? '';
  const add = params.get(P.add);
  if (add !== null || !params.has(P.strains)) {
    const current = parseSlugs(params.get(P.strains) ?? saved).slugs;
    const next = add === null ? { slugs: current, refused: null } : addToChoice(current, add);
    if (next.slugs.length > 0 || add !== null) throw redirect(compareHref(next.slugs, next.refused));
  }
  const page = await comparePage(context.db, request, params.get(P.strains), params.get(P.refused));
  const value = page.slugs.join(',');
  const headers = new Headers();
  if (value !== saved) headers.append('Set-Cookie', setCookie(request, 'compare', value, { path: COMPARE_PATH, ...(value ? {} : { maxAge: 0 }) }));
  return data(page, { headers });
}

// Not cached (see the loader), and the cookie the loader sets goes out with the page.
export const headers: Route.HeadersFunction = (args) => {
  const h = new Headers(privatePageHeaders(args));
  const cookie = args.loaderHeaders.get('Set-Cookie');
  if (cookie) h.append('Set-Cookie', cookie);
  return h;
};

// A comparison is a view on product pages, not content of its own: kept out of search results, its links followed.
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex, follow' }];

export default function ComparePage({ loaderData: d }: Route.ComponentProps) {
  const notices = [
    d.refused ? t.limit(MAX_COMPARE, d.refused) : null,
    d.overflow.length > 0 ? t.overflow(MAX_COMPARE, d.overflow.join(', ')) : null,
    d.ignored.length > 0 ? t.ignored(d.ignored.join(', ')) : null,
  ].filter((n): n is string => n !== null);
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t.title}</h1>
      {notices.length > 0 ? (
        <div role="status" className="mt-4 space-y-1 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="compare-notice">
          {notices.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </div>
      ) : null}
      {d.strains.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <p className="text-slate-700">{t.empty}</p>
          <a href="/product" className={buttonClass('primary', 'md', 'mt-4')}>
            {t.browse}
          </a>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700">{t.intro}</p>
          <p className="mt-1 text-sm text-slate-600">{d.strains.length < 2 ? t.oneMore : d.strains.length < MAX_COMPARE ? t.addMore(MAX_COMPARE - d.strains.length) : null}</p>
          <CompareTable strains={d.strains} rows={d.rows} />
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <a href={compareHref(d.slugs)} className="font-medium text-primary-800 underline underline-offset-2" data-testid="compare-share">
              {t.share}
            </a>
            <span className="text-slate-600">{t.shareHint}</span>
            <a href={compareHref([])} className="font-medium text-slate-700 underline underline-offset-2">
              {t.clear}
            </a>
          </div>
        </>
      )}
    </div>
  );
}
