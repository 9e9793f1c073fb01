import { FlaskConical } from 'lucide-react';
import { data, Form, Link, redirect } from 'react-router';
import { z } from 'zod';
import { buttonClass } from '~/components/ui/button.ts';
import { sandbox } from '~/i18n/nl/sandbox.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { findPayment, paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { sandboxProvider } from '~/modules/payments/providers/sandbox.server.ts';
import { safeRedirect } from '~/lib/routing.ts';
import type { Route } from './+types/sandbox-payment.ts';
import { readForm } from '~/lib/form.server.ts';
import { handleWebhook } from '~/flows/confirm-payment.server.ts';

// The built-in test provider's hosted page. Its outcome reaches the shop as a signed webhook,
// through the same handler a real provider's webhook uses.
const OUTCOMES = {
  paid: 'payment.paid',
  failed: 'payment.failed',
  cancelled: 'payment.cancelled',
  expired: 'payment.expired',
  processing: 'payment.processing',
} as const;

export const headers = privatePageHeaders;

/** The sandbox exists only when PAYMENTS_SANDBOX=1: without it this page is a plain 404. */
function requireSandbox(context: Route.LoaderArgs['context']) {
  if (!context.payments.sandbox) throw data(null, { status: 404 });
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireSandbox(context);
  const payment = await findPayment(context.db, 'sandbox', params.reference);
  if (!payment) throw data(null, { status: 404 });
  return { payment, back: safeRedirect(new URL(request.url).searchParams.get('terug'), '/order-status') };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  requireSandbox(context);
  const form = await readForm(request);
  const outcome = z.enum(Object.keys(OUTCOMES) as [keyof typeof OUTCOMES]).safeParse(form.get('outcome'));
  const back = safeRedirect(new URL(request.url).searchParams.get('terug'), '/order-status');
  const payment = await findPayment(context.db, 'sandbox', params.reference);
  if (!payment) throw data(null, { status: 404 });
  if (!outcome.success) return data({ error: true }, { status: 400 });
  if (payment.state === 'pending' || payment.state === 'processing') {
    const deps = paymentDepsFor(context, request);
    const event = sandboxProvider(deps.webhookSecret).signedEvent(params.reference, OUTCOMES[outcome.data], { minor: payment.amountMinor, currency: payment.currency });
    await handleWebhook(context.db, 'sandbox', event.body, event.headers, deps);
  }
  return redirect(back);
}

export const meta: Route.MetaFunction = () => [{ title: sandbox.title }, { name: 'robots', content: 'noindex' }];

/** The outcomes besides paying, each a button posting its name: the failures first, then the rarer ones. */
const OTHER_OUTCOMES = [
  ['failed', 'secondary', sandbox.fail],
  ['cancelled', 'secondary', sandbox.cancel],
  ['expired', 'ghost', sandbox.expire],
  ['processing', 'ghost', sandbox.processing],
] as const;

export default function SandboxPayment({ loaderData: { payment, back } }: Route.ComponentProps) {
  const t = sandbox;
  const open = payment.state === 'pending' || payment.state === 'processing';
  return (
    <div className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-3xl bg-white p-8 shadow-xl ring-1 ring-slate-200" data-testid="sandbox-page">
        <p className="flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
          <FlaskConical className="h-4 w-4" aria-hidden />
          {t.banner}
        </p>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">{t.heading}</h1>
        <dl className="mt-5 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">{t.merchant}</dt>
            <dd className="font-medium text-slate-900">Kiemkracht</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">{t.order}</dt>
            <dd className="font-medium text-slate-900">{payment.orderNumber}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base">
            <dt className="font-semibold text-slate-900">{t.amount}</dt>
            <dd className="font-bold text-slate-900">{formatMoney(payment.amountMinor, payment.currency)}</dd>
          </div>
        </dl>
        {open ? (
          <Form method="post" className="mt-6 grid gap-2">
            <button type="submit" name="outcome" value="paid" className={buttonClass('primary', 'lg')}>
              {t.pay}
            </button>
            <p className="mt-4 mb-1 text-center text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.otherOutcomes}</p>
            {OTHER_OUTCOMES.map(([outcome, tone, label]) => (
              <button key={outcome} type="submit" name="outcome" value={outcome} className={buttonClass(tone, 'md')}>
                {label}
              </button>
            ))}
          </Form>
        ) : (
          <>
            <p className="mt-6 text-sm text-slate-700">{t.finished}</p>
            <Link to={back} className={buttonClass('secondary', 'md', 'mt-4 w-full')}>
              {t.back}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
