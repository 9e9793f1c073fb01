import { order } from '~/i18n/nl/order.ts';
import { ArrowLeft } from 'lucide-react';
import { data, Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { checkout } from '~/i18n/nl/checkout.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { requireSession } from '~/modules/accounts/auth.server.ts';
import { longDate } from '~/lib/format.ts';
import { OrderSummary } from '~/modules/orders/components/order-summary.tsx';
import { PaymentBadge } from '~/modules/orders/components/payment-badge.tsx';
import { OrderTimeline } from '~/modules/orders/components/order-timeline.tsx';
import { PaymentInstructions } from '~/modules/orders/components/payment-instructions.tsx';
import { orderStatusPath } from '~/modules/orders/orders.server.ts';
import { findOrderForPage, orderPage, paymentMethodNameOf } from '~/flows/order-view.server.ts';
import { normaliseOrderNumber } from '~/modules/orders/orders.ts';
import { MoneyHistoryPanel } from '~/modules/payments/components/money-history.tsx';
import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { OrderQuestion } from '~/modules/support/components/order-question.tsx';
import { ClaimsPanel } from '~/modules/claims/components/claims-panel.tsx';
import type { Route } from './+types/order.ts';

const t = account.overview;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireSession(context.db, request);
  const number = normaliseOrderNumber(params.number);
  // Another customer's order, or none: the same 404 (never 403), so numbers cannot be probed.
  const found = number ? await findOrderForPage(context.db, number) : null;
  if (!found || found.order.userId !== user.id) throw data(null, { status: 404 });
  const order = found.order;
  const { view, shop, money, claims, note } = await orderPage(context.db, found);
  return {
    order: view,
    money,
    claims,
    // A claim's replacement says so (made here: the page's JavaScript carries no text for it).
    replacementNote: note,
    paymentMethodName: paymentMethodNameOf(view, shop.paymentOptions),
    // A failed payment is retried on the order's own page (the same one the mails link to).
    retryPath: view.canRetryPayment ? orderStatusPath(paymentDepsFor(context, request).links, order.number, order.email) : null,
  };
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `${order.title(d.order.number)} | Kiemkracht` : 'Kiemkracht' },
  { name: 'robots', content: 'noindex' },
];

export default function AccountOrderPage({ loaderData: d }: Route.ComponentProps) {
  const o = d.order;
  return (
    <div className="container-page space-y-6 py-8 sm:py-10" data-testid="account-order">
      <Link to="/account/orders" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-primary-800">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t.backToOrders}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl" data-testid="order-number">
            {order.title(o.number)}
          </h1>
          <p className="mt-1 text-slate-600">
            {order.placedOn(longDate(o.createdAt))} · {order.statuses[o.status]}
          </p>
          {d.replacementNote ? <p className="mt-1 text-slate-600">{d.replacementNote}</p> : null}
        </div>
        <PaymentBadge state={o.paymentState} money={d.money.state} />
      </header>
      {d.retryPath ? (
        <div className="rounded-3xl bg-red-50 p-5 ring-1 ring-red-200">
          <p className="font-semibold text-red-900">{checkout.errors.paymentFailed}</p>
          <Link to={d.retryPath} className={buttonClass('primary', 'md', 'mt-3')}>
            {t.payAgain}
          </Link>
        </div>
      ) : null}
      {o.instructions ? <PaymentInstructions instructions={o.instructions} /> : null}
      <MoneyHistoryPanel money={d.money} />
      <OrderTimeline order={o} />
      <OrderSummary order={o} paymentMethodName={d.paymentMethodName} />
      <ClaimsPanel summary={d.claims} href={`/account/orders/${o.number}/kiemgarantie`} />
      <OrderQuestion number={o.number} />
    </div>
  );
}
