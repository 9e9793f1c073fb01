import { longDate } from '~/lib/format.ts';
import { CalendarDays, Percent, ShoppingBag, Tag, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { formatMoney } from '~/lib/money.ts';
import { publicCoupons } from '~/modules/cart/cart.server.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import type { Route } from './+types/coupons.ts';
import { cart as cartText } from '~/i18n/nl/cart.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const region = await regionForRequest(context.db, request);
  return { currency: region.currency, coupons: await publicCoupons(context.db, region.currency) };
}

export const meta: Route.MetaFunction = () => [
  { title: `${cartText.couponsPageTitle} | Kiemkracht` },
  { name: 'description', content: cartText.couponsMetaDescription },
];

const KIND_ICON = { percent: Percent, fixed: Tag, free_shipping: Truck } as const;

export default function CouponsPage({ loaderData: { coupons, currency } }: Route.ComponentProps) {
  const t = cartText;
  return (
    <div className="container-page py-8 sm:py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t.couponsPageTitle}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t.couponsIntro}</p>
      {coupons.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-slate-50 p-6 text-slate-700">{t.couponsNone}</p>
      ) : (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {coupons.map((c) => {
            const Icon = KIND_ICON[c.kind];
            const gives = c.kind === 'percent' ? t.couponGives.percent(c.percent) : c.kind === 'fixed' ? t.couponGives.fixed(formatMoney(c.amount ?? 0, currency)) : t.couponGives.free_shipping;
            return (
              <li key={c.code} className="flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="coupon-card">
                <div className="bg-gradient-to-br from-primary-700 to-primary-900 px-6 pt-6 pb-5 text-white">
                  <span className="flex h-10 w-10 items-center justify-center rounded-2xl bg-white/15">
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  <h2 className="mt-3 text-2xl font-extrabold tracking-tight">{gives}</h2>
                  <p className="mt-0.5 text-sm text-primary-100">{c.minOrder ? t.couponMin(formatMoney(c.minOrder, currency)) : t.couponNoMin}</p>
                </div>
                <div className="flex flex-1 flex-col border-t-2 border-dashed border-slate-200 px-6 pt-5 pb-6">
                  <p className="flex-1 text-sm leading-relaxed text-slate-700">{c.description}</p>
                  {c.combinesWithPromotions ? null : <p className="mt-2 text-xs text-slate-600">{t.couponNoPromotions}</p>}
                  <p className="mt-5 flex items-center justify-between gap-3 rounded-2xl bg-slate-50 px-3 py-2.5">
                    <span className="text-xs font-semibold tracking-wider text-slate-600 uppercase">{t.couponCopyHint}</span>
                    <code className="rounded-lg bg-slate-900 px-3 py-1.5 font-mono text-sm font-bold tracking-widest text-white select-all" data-testid="coupon-code">
                      {c.code}
                    </code>
                  </p>
                  {c.validUntil ? (
                    <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-600">
                      <CalendarDays className="h-3.5 w-3.5" aria-hidden />
                      {t.couponUntil(longDate(c.validUntil))}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <section className="mt-10 grid gap-6 rounded-3xl bg-primary-50 p-6 ring-1 ring-primary-100 sm:grid-cols-[1fr_auto] sm:items-center sm:p-8" aria-labelledby="coupon-how">
        <div>
          <h2 id="coupon-how" className="text-xl font-bold text-slate-900">
            {t.couponHowTitle}
          </h2>
          <ol className="mt-3 space-y-2 text-sm text-slate-700">
            {t.couponHowSteps.map((step, i) => (
              <li key={step} className="flex gap-3">
                <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary-700 text-xs font-bold text-white">{i + 1}</span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
          <p className="mt-3 text-xs text-slate-600">{t.couponOnePerOrder}</p>
        </div>
        <Link to="/besteloverzicht" className={buttonClass('primary', 'lg')}>
          <ShoppingBag className="h-5 w-5" aria-hidden />
          {t.couponToCart}
        </Link>
      </section>
    </div>
  );
}
