import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { checkout } from '~/i18n/nl/checkout.ts';
import { order as orderTexts } from '~/i18n/nl/order.ts';
import { clientKey } from '~/lib/client-key.ts';
import type { SubmissionResult } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { retryPaymentSchema } from '~/modules/checkout/checkout.schemas.ts';
import { orderLookupSchema } from '~/modules/orders/orders.schemas.ts';
import { lookupOrder, OrderError, orderStatusPath, tokenMatches } from '~/modules/orders/orders.server.ts';
import { findOrderForPage, orderPage, paymentMethodNameOf } from '~/flows/order-view.server.ts';
import { offeredPaymentOptions, paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { retryPayment } from '~/flows/start-payment.server.ts';
import type { Route } from './+types/order-status.ts';

// The order status page's server side: the signed order or the lookup form, and their two forms (the page is
// order-status.tsx).

const errors = checkout.errors;

/**
 * The order behind a signed link, read with what its page shows in one statement, or null: a bad code looks exactly
 * like an unknown order, and links out of bounds never reach the database.
 */
async function signedOrder(db: Route.LoaderArgs['context']['db'], secret: string, number: string, code: string) {
  if (!number || !code || number.length > 20 || code.length > 64) return null;
  const found = await findOrderForPage(db, number);
  return found && tokenMatches(secret, found.order.number, found.order.email, code) ? found : null;
}

const lookupPage = (notFound: boolean) => ({ order: null, money: null, claims: null, notice: null, code: '', notFound, thanks: false, returned: false, paymentOptions: [], paymentMethodName: undefined });

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (!params.has('bestelling')) return lookupPage(false);
  const code = params.get('code') ?? '';
  const found = await signedOrder(context.db, context.secrets.app, params.get('bestelling') ?? '', code);
  // Wrong number or wrong code: the lookup form with 'Bestelling niet gevonden', status 404.
  if (!found) return data(lookupPage(true), { status: 404 });
  const order = found.order;
  const { view, shop, money, claims, note } = await orderPage(context.db, found);
  return {
    order: view,
    money,
    claims,
    // The note under the heading, made here (the page is at its JavaScript budget): cancelled, a claim's replacement.
    notice: [order.status === 'cancelled' ? orderTexts.cancelled : null, note].filter(Boolean).join(' ') || null,
    code,
    notFound: false,
    thanks: params.get('bedankt') === '1',
    returned: params.get('betaling') === 'terug',
    paymentOptions: offeredPaymentOptions(shop.paymentOptions, context.payments),
    paymentMethodName: paymentMethodNameOf(view, shop.paymentOptions),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const deps = paymentDepsFor(context, request);
  // The lookup form carries no intent; the failed payment's form asks for 'retry'.
  return dispatchIntent(formData, { retry: (form) => retry(form, context, deps), lookup: (form) => lookup(form, request, context, deps) }, { invalid: errors.tampered, fallback: 'lookup' });
}

type Deps = ReturnType<typeof paymentDepsFor>;
// Both forms answer in one shape: the lookup's messages or the retry's.
type Answer = Promise<Response | ReturnType<typeof data<{ result: SubmissionResult | null; retryError: string | null }>>>;

/** Another payment method (or another try) for an order whose payment failed. */
async function retry(formData: FormData, context: Route.ActionArgs['context'], deps: Deps): Answer {
  const parsed = retryPaymentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ result: null, retryError: errors.paymentMethod }, { status: 400 });
  // The signed link's parts came with the form: verified again, like the page itself.
  const order = (await signedOrder(context.db, context.secrets.app, parsed.data.bestelling, parsed.data.code))?.order;
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

/** The lookup form: number and e-mail address lead to the order's signed page. */
async function lookup(formData: FormData, request: Request, context: Route.ActionArgs['context'], deps: Deps): Answer {
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
