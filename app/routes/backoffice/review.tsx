import crypto from 'node:crypto';
import { Form, Link, useNavigation } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { readForm } from '~/lib/form.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { type ActionReply, revalidateWhenStale } from '~/components/backoffice/action-form.tsx';
import { dispatchStaffIntent, reviewIntents } from './order-intents.server.ts';
import { paymentDepsFor, paymentsNeedingReview } from '~/modules/payments/payments.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { OrderStatusBadge } from '~/components/backoffice/order-badges.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/review.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'payments.manage');
  const rows = await paymentsNeedingReview(context.db);
  // A fresh key per rendered form: a double click or two staff at once settle a payment once.
  return { rows: rows.map((r) => ({ ...r, acceptKey: crypto.randomUUID(), refundKey: crypto.randomUUID() })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context.db, request, 'payments.manage');
  const form = await readForm(request);
  return dispatchStaffIntent(reviewIntents, { db: context.db, form, number: '', staff, ctx: { actor: staff.actor, deps: paymentDepsFor(context, request) } });
}

export const shouldRevalidate = revalidateWhenStale;
export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.review.title} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const when = (d: Date | string) => `${longDate(d)} ${clockTime(d)}`;

export default function BackofficeReview({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  // Which payment the refused submit was about: its message goes next to that payment's buttons.
  const refusedFor = reply?.result.status === 'error' ? String((reply.result.initialValue as { paymentId?: string } | null)?.paymentId ?? '') : '';
  const refusal = reply?.result.error ? Object.values(reply.result.error).flat().filter(Boolean).join(' ') : '';
  return (
    <>
      <PageHeader title={t.review.title} intro={t.review.intro} />
      {reply?.message ? <Alert tone={reply.tone ?? 'success'}>{reply.message}</Alert> : null}
      {d.rows.length === 0 ? (
        <Panel>
          <p className="px-4 py-6 text-sm text-slate-600">{t.review.none}</p>
        </Panel>
      ) : (
        <ul className="space-y-4" data-testid="review-list">
          {d.rows.map((r) => {
            const received = r.receivedMinor !== null && r.receivedCurrency ? formatMoney(r.receivedMinor, r.receivedCurrency) : '—';
            const sameCurrency = r.receivedCurrency === r.expectedCurrency && r.receivedMinor !== null;
            const difference = sameCurrency ? r.receivedMinor! - r.expectedMinor : null;
            return (
              <li key={r.paymentId}>
                <Panel>
                  <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                      <Link to={`/beheer/bestellingen/${r.orderNumber}`} className="text-primary-800 underline">
                        {r.orderNumber}
                      </Link>
                      <Badge tone={r.kind === 'mismatch' ? 'red' : 'amber'}>{t.review.kind[r.kind]}</Badge>
                      <OrderStatusBadge status={r.orderStatus} />
                    </p>
                    <p className="text-xs text-slate-600">
                      {t.review.at}: {when(r.updatedAt)} · {t.review.method} {t.paymentMethod[r.method]} ({r.provider} <span className="font-mono">{r.reference}</span>)
                    </p>
                  </div>
                  <dl className="grid grid-cols-3 gap-2 px-4 py-3 text-sm">
                    <div>
                      <dt className="text-xs text-slate-600">{t.review.expected}</dt>
                      <dd className="font-medium tabular-nums">{formatMoney(r.expectedMinor, r.expectedCurrency)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-600">{t.review.received}</dt>
                      <dd className="font-medium tabular-nums">{received}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-600">{t.review.difference}</dt>
                      <dd className={`font-medium tabular-nums ${difference ? 'text-red-700' : ''}`} data-testid="review-difference">
                        {difference === null ? t.review.differenceOther : `${difference > 0 ? '+' : difference < 0 ? '−' : ''}${formatMoney(Math.abs(difference), r.expectedCurrency)}`}
                      </dd>
                    </div>
                  </dl>
                  {refusedFor === String(r.paymentId) && refusal ? (
                    <div className="px-4">
                      <Alert>{refusal}</Alert>
                    </div>
                  ) : null}
                  <div className="flex flex-wrap items-end gap-3 border-t border-slate-100 px-4 py-3">
                    <Form method="post">
                      <input type="hidden" name="intent" value="review-accept" />
                      <input type="hidden" name="key" value={r.acceptKey} />
                      <input type="hidden" name="version" value={r.orderVersion ?? ''} />
                      <input type="hidden" name="paymentId" value={r.paymentId} />
                      <button type="submit" className={smallButton.primary} disabled={busy}>
                        {t.review.accept}
                      </button>
                    </Form>
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="review-refund" />
                      <input type="hidden" name="key" value={r.refundKey} />
                      <input type="hidden" name="version" value={r.orderVersion ?? ''} />
                      <input type="hidden" name="paymentId" value={r.paymentId} />
                      <label className="text-xs text-slate-700">
                        {t.review.reason}
                        <input name="reason" type="text" maxLength={200} className={`${fieldClass} w-56`} />
                      </label>
                      <button type="submit" className={smallButton.secondary} disabled={busy}>
                        {t.review.refund} ({received})
                      </button>
                    </Form>
                  </div>
                </Panel>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
