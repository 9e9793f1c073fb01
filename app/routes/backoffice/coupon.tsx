import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft, Info } from 'lucide-react';
import { data, Form, Link, redirect, type ShouldRevalidateFunction, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { couponKinds } from '~/modules/cart/cart.ts';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { DESCRIPTION_MAX } from '~/modules/coupons/coupons.ts';
import { editCouponSchema, newCouponSchema } from '~/modules/coupons/coupons.schemas.ts';
import { couponForm, createCoupon, getCoupon, setCouponActive, updateCoupon } from '~/modules/coupons/coupons.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/coupon.ts';

const t = backoffice.coupons;
type ActionData = { result?: SubmissionResult<string[]>; done?: string; stale?: boolean };

// One page for a new code (/beheer/kortingscodes/nieuw, no :code) and for editing one.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'promotions.manage');
  if (!params.code) return { coupon: null, form: { kind: 'percent', combinesWithPromotions: 'on' }, created: false };
  const found = await getCoupon(context.db, params.code);
  if (!found) throw data(t.notFound, { status: 404 });
  const { coupon, used, recent, batchPrefix } = found;
  return {
    coupon: { code: coupon.code, active: coupon.active, usageLimit: coupon.usageLimit, version: coupon.updatedAt.toISOString(), used, recent, batchPrefix },
    form: couponForm(coupon),
    created: new URL(request.url).searchParams.has('aangemaakt'),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'promotions.manage');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (params.code && (intent === 'disable' || intent === 'enable')) {
    if (!(await setCouponActive(context.db, actor, params.code.toUpperCase(), intent === 'enable'))) throw data(t.notFound, { status: 404 });
    return data<ActionData>({ done: intent === 'enable' ? t.enabled : t.disabled });
  }
  if (!params.code) {
    const submission = parseWithZod(form, { schema: newCouponSchema });
    if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const { code, ...v } = submission.value;
    if ((await createCoupon(context.db, actor, code, v)) === 'taken') return data<ActionData>({ result: submission.reply({ fieldErrors: { code: [t.errors.codeTaken] } }) }, { status: 400 });
    throw redirect(`/beheer/kortingscodes/${encodeURIComponent(code)}?aangemaakt=1`);
  }
  const submission = parseWithZod(form, { schema: editCouponSchema });
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 });
  const outcome = await updateCoupon(context.db, actor, params.code.toUpperCase(), submission.value);
  if (outcome === 'not_found') throw data(t.notFound, { status: 404 });
  // Stale: the page reloads the other person's version; this form's values are not saved over it.
  if (outcome === 'stale') return data<ActionData>({ stale: true }, { status: 409 });
  return data<ActionData>({ done: t.saved });
}

export const headers = privatePageHeaders;
// A refused stale save (409) reloads the page's data, so the form shows the version someone else saved.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;
export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.coupon ? t.editTitle(d.coupon.code) : t.newCoupon} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Fields = {
  code: string;
  kind: string;
  percent: string;
  amount: string;
  minOrder: string;
  validFrom: string;
  validUntil: string;
  usageLimit: string;
  perCustomerLimit: string;
  isPublic: string;
  combinesWithPromotions: string;
  description: string;
};

function CouponForm({ isNew, defaults, lastResult, busy }: { isNew: boolean; defaults: Record<string, unknown>; lastResult: SubmissionResult | undefined; busy: boolean }) {
  const [form, f] = useForm<Fields>({ id: 'coupon', lastResult, defaultValue: defaults, shouldRevalidate: 'onInput' });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {defaults.version ? <input type="hidden" name="version" value={String(defaults.version)} /> : null}
      <Panel title={t.col.value}>
        <div className="grid gap-4 p-4 sm:grid-cols-2">
          {isNew ? (
            <Field label={t.code} meta={f.code} hint={t.codeHint} className="sm:col-span-2">
              <input {...getInputProps(f.code, { type: 'text' })} maxLength={40} autoCapitalize="characters" spellCheck={false} className={`${fieldClass} font-mono uppercase`} />
            </Field>
          ) : null}
          <Field label={t.kind} meta={f.kind} className="sm:col-span-2">
            <select {...getSelectProps(f.kind)} className={fieldClass}>
              {couponKinds.map((k) => (
                <option key={k} value={k}>
                  {t.kinds[k]}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t.percent} meta={f.percent} hint={t.percentHint}>
            <input {...getInputProps(f.percent, { type: 'text' })} inputMode="numeric" className={fieldClass} />
          </Field>
          <Field label={t.amount} meta={f.amount} hint={t.amountHint}>
            <input {...getInputProps(f.amount, { type: 'text' })} inputMode="decimal" className={fieldClass} />
          </Field>
          <Field label={t.minOrderLabel} meta={f.minOrder} hint={t.minOrderHint}>
            <input {...getInputProps(f.minOrder, { type: 'text' })} inputMode="decimal" className={fieldClass} />
          </Field>
        </div>
      </Panel>
      <Panel title={t.col.validity}>
        <div className="grid gap-4 p-4 sm:grid-cols-2">
          <Field label={t.validFrom} meta={f.validFrom} hint={t.validHint}>
            <input {...getInputProps(f.validFrom, { type: 'date' })} className={fieldClass} />
          </Field>
          <Field label={t.validUntil} meta={f.validUntil}>
            <input {...getInputProps(f.validUntil, { type: 'date' })} className={fieldClass} />
          </Field>
          <Field label={t.usageLimit} meta={f.usageLimit} hint={t.usageLimitHint}>
            <input {...getInputProps(f.usageLimit, { type: 'text' })} inputMode="numeric" className={fieldClass} />
          </Field>
          <Field label={t.perCustomerLimit} meta={f.perCustomerLimit} hint={t.perCustomerLimitHint}>
            <input {...getInputProps(f.perCustomerLimit, { type: 'text' })} inputMode="numeric" className={fieldClass} />
          </Field>
        </div>
      </Panel>
      <Panel title={t.col.public}>
        <div className="space-y-4 p-4">
          <div>
            <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
              <input {...getInputProps(f.isPublic, { type: 'checkbox' })} aria-describedby="coupon-isPublic-hint" className="mt-0.5 h-4 w-4 rounded accent-primary-700" />
              <span>{t.isPublic}</span>
            </label>
            <p id="coupon-isPublic-hint" className="mt-1 ml-6 text-xs text-slate-500">
              {t.isPublicHint}
            </p>
          </div>
          <div>
            <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
              <input {...getInputProps(f.combinesWithPromotions, { type: 'checkbox' })} aria-describedby="stacking-rule" className="mt-0.5 h-4 w-4 rounded accent-primary-700" />
              <span>{t.combines}</span>
            </label>
          </div>
          <Field label={t.description} meta={f.description} hint={t.descriptionHint}>
            <textarea {...getTextareaProps(f.description)} rows={3} maxLength={DESCRIPTION_MAX} className={fieldClass} />
          </Field>
        </div>
      </Panel>
      <button type="submit" className={smallButton.primary} disabled={busy}>
        {isNew ? t.create : t.save}
      </button>
    </Form>
  );
}

/** The stacking rule as staff need it next to the form (ADR 035; the pricing core enforces it). */
function StackingRule() {
  return (
    <Panel>
      <div id="stacking-rule" className="p-4 text-sm text-slate-700">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <Info className="h-4 w-4 text-primary-700" aria-hidden /> {t.stackingTitle}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {t.stacking.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </div>
    </Panel>
  );
}

export default function BackofficeCoupon({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const c = d.coupon;
  const errorResult = actionData?.result?.status === 'error' ? actionData.result : undefined;
  return (
    <>
      <Link to="/beheer/kortingscodes" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.back}
      </Link>
      <PageHeader title={c ? t.editTitle(c.code) : t.newCoupon} intro={c?.batchPrefix ? t.batchOf(c.batchPrefix) : undefined}>
        {c ? (
          <Form method="post">
            <button type="submit" name="intent" value={c.active ? 'disable' : 'enable'} className={c.active ? smallButton.danger : smallButton.secondary} disabled={busy}>
              {c.active ? t.disable : t.enable}
            </button>
          </Form>
        ) : null}
      </PageHeader>
      {d.created && !actionData ? <Alert tone="success">{t.created(c!.code)}</Alert> : null}
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      {actionData?.stale ? <Alert>{t.errors.stale}</Alert> : null}
      {c && !c.active ? <Alert>{t.disabled}</Alert> : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* A new version (saved here or by someone else) mounts the form afresh with its values. */}
        <CouponForm key={c?.version ?? 'new'} isNew={!c} defaults={d.form} lastResult={errorResult} busy={busy} />
        <div className="space-y-4">
          <StackingRule />
          {c ? (
            <Panel title={t.redemptionsTitle}>
              <p className="px-4 pt-3 text-sm font-semibold text-slate-900" data-testid="coupon-redemptions">
                {c.used === 0 ? t.redemptionsNone : t.redemptionsCount(c.used)}
                {c.usageLimit !== null ? ` (${t.used(c.used, c.usageLimit)})` : ''}
              </p>
              {c.recent.length === 0 ? (
                <div className="pb-3" />
              ) : (
                <ul className="divide-y divide-slate-100 p-2 text-sm">
                  {c.recent.map((r) => (
                    <li key={r.number} className="flex items-center justify-between gap-2 px-2 py-1.5">
                      <Link to={`/beheer/bestellingen/${r.number}`} className="font-mono text-xs font-semibold text-primary-800 hover:underline">
                        {r.number}
                      </Link>
                      <span className="text-xs text-slate-600">
                        {longDate(r.at)} {clockTime(r.at)} · −{formatMoney(r.discount, r.currency)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          ) : null}
        </div>
      </div>
    </>
  );
}
