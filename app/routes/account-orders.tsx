import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { requireSession } from '~/modules/accounts/auth.server.ts';
import { OrderList } from '~/modules/orders/components/order-list.tsx';
import { ordersFor } from '~/modules/orders/orders.server.ts';
import type { Route } from './+types/account-orders.ts';

const t = account.overview;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireSession(context.db, request);
  return { orders: await ordersFor(context.db, user.email, 100) };
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.ordersTitle} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function AccountOrdersPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="container-page py-8 sm:py-10">
      <Link to="/account" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-primary-800">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t.title}
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t.ordersTitle}</h1>
      <p className="mt-2 text-slate-600">{t.ordersIntro}</p>
      <section className="mt-6 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-label={t.ordersTitle}>
        {d.orders.length === 0 ? (
          <>
            <p className="text-slate-600">{t.noOrders}</p>
            <Link to="/collecties" className={buttonClass('primary', 'md', 'mt-4')}>
              {t.shop}
            </Link>
          </>
        ) : (
          <OrderList orders={d.orders} />
        )}
      </section>
    </div>
  );
}
