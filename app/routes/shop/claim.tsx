import { parseWithZod } from '@conform-to/zod/v4';
import { Sprout } from 'lucide-react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { checkout } from '~/i18n/nl/checkout.ts';
import { claims as t } from '~/i18n/nl/claims.ts';
import { order as orderTexts } from '~/i18n/nl/order.ts';
import { clientKey } from '~/lib/client-key.ts';
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { claimOverview } from '~/modules/claims/claims.server.ts';
import { type ClaimAnswer, ClaimPage } from '~/modules/claims/components/claim-page.tsx';
import { orderLookupSchema } from '~/modules/orders/orders.schemas.ts';
import { findOrder, lookupOrder, orderStatusPath, orderToken, tokenMatches } from '~/modules/orders/orders.server.ts';
import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { claimFormAction, photoLimits, sentLineOf } from './claim-action.server.ts';
import type { Route } from './+types/claim.ts';

// /kiemgarantie: a guest's germination claim (ADR 074). Without an order: the lookup by number and e-mail (rate
// limited like the order status lookup); with the order's signed link (the order page's code): the claim page.

type Context = Route.LoaderArgs['context'];

/** The order behind the signed parameters, or null; a bad code looks exactly like an unknown order. */
async function signedOrder(context: Context, number: string, code: string) {
  if (!number || !code || number.length > 20 || code.length > 64) return null;
  const order = await findOrder(context.db, number);
  return order && tokenMatches(context.secrets.app, order.number, order.email, code) ? order : null;
}

const claimPath = (secret: string, number: string, email: string) => `/kiemgarantie?${new URLSearchParams({ bestelling: number, code: orderToken(secret, number, email) })}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  if (!q.has('bestelling')) return { page: null, notFound: false, code: '', statusPath: '' };
  const order = await signedOrder(context, q.get('bestelling') ?? '', q.get('code') ?? '');
  if (!order) return data({ page: null, notFound: true, code: '', statusPath: '' }, { status: 404 });
  const links = paymentDepsFor(context, request).links;
  return { page: { ...(await claimOverview(context.db, order)), sent: sentLineOf(request), photoLimits }, notFound: false, code: q.get('code')!, statusPath: orderStatusPath(links, order.number, order.email) };
}

type LookupAnswer = { lookup: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const links = paymentDepsFor(context, request).links;
  const claim = async (f: FormData) => {
    const order = await signedOrder(context, String(f.get('bestelling') ?? ''), String(f.get('code') ?? ''));
    if (!order) throw data(checkout.errors.orderNotFound, { status: 404 });
    return claimFormAction(context.db, f, order, links, claimPath(context.secrets.app, order.number, order.email));
  };
  const lookup = async (f: FormData) => {
    const submission = parseWithZod(f, { schema: orderLookupSchema });
    if (submission.status !== 'success') return data<LookupAnswer>({ lookup: submission.reply() }, { status: 400 });
    const found = await lookupOrder(context.db, submission.value.number, submission.value.email, clientKey(request.headers));
    if (found.status === 'rate_limited')
      return data<LookupAnswer>({ lookup: submission.reply({ formErrors: [checkout.errors.tooManyRequests] }) }, { status: 429, headers: { 'Retry-After': String(found.retryAfterSeconds) } });
    if (found.status === 'not_found') return data<LookupAnswer>({ lookup: submission.reply({ formErrors: [checkout.errors.orderNotFound] }) }, { status: 404 });
    return redirect(claimPath(context.secrets.app, found.order.number, found.order.email));
  };
  type Answer = Response | ReturnType<typeof data<ClaimAnswer>> | ReturnType<typeof data<LookupAnswer>>;
  return dispatchIntent<'claim' | 'lookup', Promise<Answer>>(form, { claim, lookup }, { invalid: t.errors.form, fallback: 'lookup' });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d?.page ? t.pageTitle(d.page.number) : t.lookup.title} | Kiemkracht` },
  ...(d?.page || d?.notFound ? [{ name: 'robots', content: 'noindex' }] : [{ name: 'description', content: t.lookup.intro }]),
];

function ClaimLookup({ notFound, result }: { notFound: boolean; result: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ number: string; email: string }>({ id: 'claim-lookup', lastResult: navigation.state === 'idle' ? result : undefined, shouldRevalidate: 'onInput' });
  const formErrors = form.errors?.length ? form.errors : notFound && !result ? [checkout.errors.orderNotFound] : [];
  return (
    <div className="container-page flex justify-center py-10 sm:py-14">
      <div className="w-full max-w-lg rounded-3xl bg-white p-6 ring-1 ring-slate-200 sm:p-8">
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
          <Sprout className="h-6 w-6" aria-hidden />
        </span>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{t.lookup.title}</h1>
        <p className="mt-2 text-slate-600">{t.lookup.intro}</p>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" data-testid="claim-lookup">
          {formErrors.length ? (
            <p role="alert" id={form.errorId} className="rounded-2xl bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200" data-testid="lookup-error">
              {formErrors.join(' ')}
            </p>
          ) : null}
          <Field label={orderTexts.number} meta={fields.number}>
            <input {...getInputProps(fields.number, { type: 'text' })} placeholder={orderTexts.numberPlaceholder} autoComplete="off" autoCapitalize="characters" spellCheck={false} className={`${inputClass} font-mono uppercase placeholder:normal-case`} />
          </Field>
          <Field label={orderTexts.email} meta={fields.email}>
            <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass('primary', 'lg', 'w-full')} disabled={navigation.state !== 'idle'}>
            {t.lookup.submit}
          </button>
        </Form>
      </div>
    </div>
  );
}

export default function ClaimRoute({ loaderData: d, actionData }: Route.ComponentProps) {
  if (!d.page) return <ClaimLookup notFound={d.notFound} result={actionData && 'lookup' in actionData ? (actionData.lookup as SubmissionResult<string[]>) : undefined} />;
  const answer = actionData && 'result' in actionData ? (actionData as ClaimAnswer) : undefined;
  return <ClaimPage data={d.page} hidden={{ bestelling: d.page.number, code: d.code }} backHref={d.statusPath} answer={answer} />;
}
