import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { requireSession } from '~/modules/accounts/auth.server.ts';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { OrderList } from '~/modules/orders/components/order-list.tsx';
import { ordersFor } from '~/modules/orders/orders.server.ts';
import type { Route } from './+types/orders.ts';

const t = account.overview;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireSession(context.db, request);
  return { orders: await ordersFor(context.db, user.id, 100) };
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.ordersTitle} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function AccountOrdersPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <AccountShell title={t.ordersTitle} intro={<p>{t.ordersIntro}</p>}>
      <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-label={t.ordersTitle}>
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
    </AccountShell>
  );
}
