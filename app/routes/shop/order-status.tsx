import { order } from '~/i18n/nl/order.ts';
import { CheckCircle2, Loader2, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { keepStashedGuestAddress } from '~/modules/checkout/guest-address.ts';
import { longDate } from '~/lib/format.ts';
import { OrderLookup } from '~/modules/orders/components/order-lookup.tsx';
import { OrderSummary } from '~/modules/orders/components/order-summary.tsx';
import { PaymentBadge } from '~/modules/orders/components/payment-badge.tsx';
import { OrderTimeline } from '~/modules/orders/components/order-timeline.tsx';
import { PaymentInstructions } from '~/modules/orders/components/payment-instructions.tsx';
import { RetryPayment } from '~/modules/orders/components/retry-payment.tsx';
import { MoneyHistoryPanel } from '~/modules/payments/components/money-history.tsx';
import { OrderQuestion } from '~/modules/support/components/order-question.tsx';
import { ClaimsPanel } from '~/modules/claims/components/claims-panel.tsx';
import type { Route } from './+types/order-status.ts';

const t = order;

export { action, loader } from './order-status.server.ts';

// An order is one customer's business: never stored by a cache.
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d?.order ? t.title(d.order.number) : t.lookupTitle} | Kiemkracht` },
  // An order page is personal (and its address carries the access code): never in a search engine.
  ...(d?.order || d?.notFound ? [{ name: 'robots', content: 'noindex' }] : [{ name: 'description', content: t.lookupIntro }]),
];

/** "Bestelling KK-7Q4M-9XHD" with the number kept on one line (a phone would break it at a dash). */
function OrderTitle({ number }: { number: string }) {
  const [before, after] = t.title('\u0000').split('\u0000');
  return (
    <>
      {before}
      <span className="whitespace-nowrap">{number}</span>
      {after}
    </>
  );
}

export default function OrderStatusPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const location = useLocation();
  useEffect(() => {
    // The order went through: remember the address it used for this guest's next visit.
    if (d.thanks) keepStashedGuestAddress();
  }, [d.thanks]);

  if (!d.order) return <OrderLookup notFound={d.notFound} result={actionData?.result ?? undefined} />;
  const o = d.order;
  const waiting = d.returned && (o.paymentState === 'pending' || o.paymentState === 'processing');
  return (
    <div className="container-page space-y-5 py-8 sm:py-10" data-testid="order-page">
      {d.thanks ? (
        <div className="flex items-start gap-4 rounded-3xl bg-primary-50 p-5 ring-1 ring-primary-200 sm:p-6" role="status" data-testid="thanks">
          <CheckCircle2 className="h-8 w-8 shrink-0 text-primary-700" aria-hidden />
          <div>
            <p className="text-lg font-semibold text-slate-900">{t.thanks}</p>
            <p className="mt-0.5 text-slate-700">{t.thanksText}</p>
          </div>
        </div>
      ) : null}

      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl" data-testid="order-number">
            <OrderTitle number={o.number} />
          </h1>
          <p className="mt-1 text-slate-600">
            {t.placedOn(longDate(o.createdAt))} · {t.statuses[o.status]}
          </p>
        </div>
        <PaymentBadge state={o.paymentState} money={d.money?.state} />
      </header>

      {d.notice ? <p className="rounded-2xl bg-slate-100 p-4 text-slate-800 ring-1 ring-slate-200">{d.notice}</p> : null}

      {waiting ? (
        <div className="flex flex-wrap items-start gap-3 rounded-3xl bg-secondary-50 p-5 ring-1 ring-secondary-200" role="status" data-testid="payment-processing">
          <Loader2 className="h-6 w-6 shrink-0 text-secondary-700 motion-safe:animate-spin" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900">{t.paymentStates.processing}</p>
            <p className="text-sm text-slate-700">{t.returned}</p>
          </div>
          {/* A full reload asks the server again; the address keeps the signed code. */}
          <Link to={location.pathname + location.search} reloadDocument className={buttonClass('secondary', 'md')}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            {t.reload}
          </Link>
        </div>
      ) : null}

      {o.canRetryPayment ? <RetryPayment order={o} code={d.code} options={d.paymentOptions} error={actionData?.retryError ?? null} /> : null}
      {o.instructions ? <PaymentInstructions instructions={o.instructions} /> : null}
      {d.money ? <MoneyHistoryPanel money={d.money} /> : null}
      <OrderTimeline order={o} />
      <OrderSummary order={o} paymentMethodName={d.paymentMethodName} />
      {d.claims ? <ClaimsPanel summary={d.claims} href={`/kiemgarantie?${new URLSearchParams({ bestelling: o.number, code: d.code })}`} /> : null}
      <OrderQuestion number={o.number} />
    </div>
  );
}
