import { order } from '~/i18n/nl/order.ts';
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { CheckCircle2, Loader2, PackageSearch, RefreshCw, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { data, Form, Link, redirect, useLocation, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { checkout } from '~/i18n/nl/checkout.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { keepStashedGuestAddress } from '~/modules/checkout/guest-address.ts';
import { inputClass } from '~/components/ui/form-field.tsx';
import { longDate } from '~/lib/format.ts';
import { OrderSummary } from '~/modules/orders/components/order-summary.tsx';
import { PaymentBadge } from '~/modules/orders/components/payment-badge.tsx';
import { OrderTimeline } from '~/modules/orders/components/order-timeline.tsx';
import { PaymentInstructions } from '~/modules/orders/components/payment-instructions.tsx';
import { orderLookupSchema, retryPaymentSchema } from '~/modules/orders/orders.schemas.ts';
import { findOrder, lookupOrder, OrderError, orderStatusPath, orderView, tokenMatches } from '~/modules/orders/orders.server.ts';
import { offeredPaymentOptions, paymentDepsFor, retryPayment } from '~/modules/payments/payments.server.ts';
import { clientKey } from '~/lib/client-key.ts';
import { getShopData } from '~/modules/settings/settings.server.ts';
import { OrderQuestion } from '~/modules/support/components/order-question.tsx';
import type { Route } from './+types/order-status.ts';
import { readForm } from '~/lib/form.server.ts';

const t = order;
const errors = checkout.errors;

/** The order behind a signed link, or null; a bad code looks exactly like an unknown order. */
async function signedOrder(db: Route.LoaderArgs['context']['db'], secret: string, number: string, code: string) {
  if (!number || !code || number.length > 20 || code.length > 64) return null;
  const order = await findOrder(db, number);
  return order && tokenMatches(secret, order.number, order.email, code) ? order : null;
}

const lookupPage = (notFound: boolean) => ({ order: null, code: '', notFound, thanks: false, returned: false, paymentOptions: [], paymentMethodName: undefined });

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (!params.has('bestelling')) return lookupPage(false);
  const code = params.get('code') ?? '';
  const order = await signedOrder(context.db, context.secrets.app, params.get('bestelling') ?? '', code);
  // Wrong number or wrong code: the lookup form with 'Bestelling niet gevonden', status 404.
  if (!order) return data(lookupPage(true), { status: 404 });
  const [view, shop] = await Promise.all([orderView(context.db, order), getShopData(context.db)]);
  return {
    order: view,
    code,
    notFound: false,
    thanks: params.get('bedankt') === '1',
    returned: params.get('betaling') === 'terug',
    paymentOptions: offeredPaymentOptions(shop.paymentOptions, context.payments),
    paymentMethodName: shop.paymentOptions.find((p) => p.id === view.paymentMethod)?.name,
  };
}

// An order is one customer's business: never stored by a cache.
export const headers = privatePageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const deps = paymentDepsFor(context, request);

  if (formData.get('intent') === 'retry') {
    const parsed = retryPaymentSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return data({ result: null, retryError: errors.paymentMethod }, { status: 400 });
    // The signed link's parts came with the form: verified again, like the page itself.
    const order = await signedOrder(context.db, context.secrets.app, parsed.data.bestelling, parsed.data.code);
    if (!order) return data({ result: null, retryError: errors.orderNotFound }, { status: 404 });
    const back = orderStatusPath(deps.links, order.number, order.email);
    try {
      const next = await retryPayment(context.db, order.number, parsed.data.paymentMethod, deps, `${back}&betaling=terug`);
      return redirect(next ?? back);
    } catch (e) {
      if (!(e instanceof OrderError)) throw e;
      // Retried already (a second tab, a double click): the page shows the current state.
      if (e.code === 'not_retryable') return redirect(back);
      if (e.code === 'payment_method') return data({ result: null, retryError: errors.paymentMethod }, { status: 400 });
      return data({ result: null, retryError: e.code === 'out_of_stock' ? errors.outOfStock(e.detail ?? '') : errors.paymentFailed }, { status: 409 });
    }
  }

  const submission = parseWithZod(formData, { schema: orderLookupSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), retryError: null }, { status: 400 });
  const found = await lookupOrder(context.db, submission.value.number, submission.value.email, clientKey(request.headers));
  if (found.status === 'rate_limited')
    return data(
      { result: submission.reply({ formErrors: [errors.tooManyRequests] }), retryError: null },
      { status: 429, headers: { 'Retry-After': String(found.retryAfterSeconds) } },
    );
  // Unknown number or another e-mail address: one and the same answer.
  if (found.status === 'not_found') return data({ result: submission.reply({ formErrors: [errors.orderNotFound] }), retryError: null }, { status: 404 });
  const order = found.order;
  return redirect(orderStatusPath(deps.links, order.number, order.email));
}

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

type LoadedOrder = NonNullable<Route.ComponentProps['loaderData']['order']>;

export default function OrderStatusPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const location = useLocation();
  useEffect(() => {
    // The order went through: remember the address it used for this guest's next visit.
    if (d.thanks) keepStashedGuestAddress();
  }, [d.thanks]);

  if (!d.order) return <Lookup notFound={d.notFound} result={actionData?.result ?? undefined} />;
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
        <PaymentBadge state={o.paymentState} />
      </header>

      {o.status === 'cancelled' ? <p className="rounded-2xl bg-slate-100 p-4 text-slate-800 ring-1 ring-slate-200">{t.cancelled}</p> : null}

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
      <OrderTimeline order={o} />
      <OrderSummary order={o} paymentMethodName={d.paymentMethodName} />
      <OrderQuestion number={o.number} />
    </div>
  );
}

function RetryPayment({ order, code, options, error }: { order: LoadedOrder; code: string; options: { id: string; name: string; description: string }[]; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'retry';
  return (
    <section className="rounded-3xl bg-red-50 p-5 ring-1 ring-red-200 sm:p-6" aria-labelledby="retry-title" data-testid="payment-failed">
      <p role="alert" className="flex items-start gap-2 font-semibold text-red-900">
        <XCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        {errors.paymentFailed}
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="retry" />
        <input type="hidden" name="bestelling" value={order.number} />
        <input type="hidden" name="code" value={code} />
        <fieldset>
          <legend id="retry-title" className="text-sm font-semibold text-slate-900">
            {t.retryTitle}
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {options.map((p) => (
              <label
                key={p.id}
                className="flex cursor-pointer items-center gap-2 rounded-2xl bg-white p-3 text-sm font-medium text-slate-900 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-primary-600"
              >
                <input type="radio" name="paymentMethod" value={p.id} defaultChecked={p.id === order.paymentMethod} className="h-4 w-4 accent-primary-700" />
                {p.name}
              </label>
            ))}
          </div>
        </fieldset>
        {error ? (
          <p className="text-sm font-medium text-red-800" role="alert" data-testid="retry-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className={buttonClass('primary', 'md')} disabled={busy} data-testid="retry-payment">
          {t.retry}
        </button>
      </Form>
    </section>
  );
}

function Lookup({ notFound, result }: { notFound: boolean; result: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ number: string; email: string }>({
    id: 'order-lookup',
    lastResult: navigation.state === 'idle' ? result : undefined,
    shouldRevalidate: 'onInput',
  });
  // A signed link that does not match shows the same message as a failed lookup.
  const formErrors = form.errors?.length ? form.errors : notFound && !result ? [errors.orderNotFound] : [];
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="container-page flex justify-center py-10 sm:py-14">
      <div className="w-full max-w-lg rounded-3xl bg-white p-6 ring-1 ring-slate-200 sm:p-8">
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
          <PackageSearch className="h-6 w-6" aria-hidden />
        </span>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{t.lookupTitle}</h1>
        <p className="mt-2 text-slate-600">{t.lookupIntro}</p>
        <Form method="post" action="/order-status" {...getFormProps(form)} className="mt-6 space-y-4" data-testid="order-lookup">
          {formErrors.length ? (
            <p role="alert" id={form.errorId} className="rounded-2xl bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200" data-testid="lookup-error">
              {formErrors.join(' ')}
            </p>
          ) : null}
          <div>
            <label htmlFor={fields.number.id} className="text-sm font-medium text-slate-800">
              {t.number}
            </label>
            <input
              {...getInputProps(fields.number, { type: 'text' })}
              placeholder={t.numberPlaceholder}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={`${inputClass} font-mono uppercase placeholder:normal-case`}
            />
            <p id={fields.number.errorId} className="mt-1 text-sm font-medium text-red-700 empty:hidden" data-testid="error-number">
              {fields.number.errors?.join(' ')}
            </p>
          </div>
          <div>
            <label htmlFor={fields.email.id} className="text-sm font-medium text-slate-800">
              {t.email}
            </label>
            <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" className={inputClass} />
            <p id={fields.email.errorId} className="mt-1 text-sm font-medium text-red-700 empty:hidden" data-testid="error-email">
              {fields.email.errors?.join(' ')}
            </p>
          </div>
          <button type="submit" className={buttonClass('primary', 'lg', 'w-full')} disabled={busy}>
            {t.lookup}
          </button>
        </Form>
      </div>
    </div>
  );
}
