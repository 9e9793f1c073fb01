import { data, Form, type ShouldRevalidateFunction, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { useHydrated } from '~/components/use-hydrated.ts';
import { CombinesField, CouponValueFields, StackingRule, ValidityFields } from '~/modules/cart/components/coupon-fields.tsx';
import { EditorHeader } from '~/components/backoffice/editor-header.tsx';
import { DataList } from '~/components/backoffice/data-list.tsx';
import { orderNumberColumn } from '~/components/backoffice/order-columns.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { DESCRIPTION_MAX } from '~/modules/coupons/coupons.ts';
import { couponForm, getCoupon } from '~/modules/coupons/coupons.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/coupon.ts';
import { couponAction } from './coupon-editor.server.ts';

const t = backoffice.coupons;

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

export const action = (args: Route.ActionArgs) => couponAction(args);

export const headers = privatePageHeaders;
// A refused stale save (409) reloads the page's data, so the form shows the version someone else saved.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;
export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.coupon ? t.editTitle(d.coupon.code) : t.newCoupon} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Fields = Record<'code' | 'kind' | 'percent' | 'amount' | 'minOrder' | 'validFrom' | 'validUntil' | 'usageLimit' | 'perCustomerLimit' | 'isPublic' | 'combinesWithPromotions' | 'description', string>;

function CouponForm({ isNew, defaults, lastResult, busy }: { isNew: boolean; defaults: Record<string, unknown>; lastResult: SubmissionResult | undefined; busy: boolean }) {
  const [form, f] = useForm<Fields>({ id: 'coupon', lastResult, defaultValue: defaults, shouldRevalidate: 'onInput' });
  // With JavaScript only the value field of the chosen kind shows; without it both do and the server ignores the other.
  const hydrated = useHydrated();
  const shows = (kind: string) => !hydrated || f.kind.value === kind;
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
          <CouponValueFields f={f} shows={shows} />
        </div>
      </Panel>
      <Panel title={t.col.validity}>
        <div className="grid gap-4 p-4 sm:grid-cols-2">
          <ValidityFields f={f} />
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
          <CombinesField meta={f.combinesWithPromotions} />
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

export default function BackofficeCoupon({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const c = d.coupon;
  const errorResult = actionData?.result?.status === 'error' ? actionData.result : undefined;
  return (
    <>
      <EditorHeader
        back={{ to: '/beheer/kortingscodes', label: t.back }}
        title={c ? t.editTitle(c.code) : t.newCoupon}
        intro={c?.batchPrefix ? t.batchOf(c.batchPrefix) : undefined}
        active={c ? c.active : null}
        toggle={t}
        busy={busy}
        notices={[{ success: d.created && !actionData && t.created(c!.code) }, { success: actionData?.done }, { warning: actionData?.stale && t.errors.stale }, { warning: c && !c.active && t.disabled }]}
      />
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
              <DataList
                label={t.redemptionsTitle}
                testId="coupon-recent"
                className="m-2 shadow-none ring-0"
                rows={c.recent}
                rowKey={(r) => r.number}
                empty={null}
                columns={[
                  orderNumberColumn(t.redemptionOrder),
                  { label: t.redemptionAt, className: 'whitespace-nowrap text-xs text-slate-600', cell: (r) => `${longDate(r.at)} ${clockTime(r.at)} · −${formatMoney(r.discount, r.currency)}` },
                ]}
              />
            </Panel>
          ) : null}
        </div>
      </div>
    </>
  );
}
