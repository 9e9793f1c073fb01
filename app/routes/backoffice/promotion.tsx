import { data, Form, type ShouldRevalidateFunction, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { ValidityFields } from '~/modules/cart/components/coupon-fields.tsx';
import { EditorHeader } from '~/components/backoffice/editor-header.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { NAME_MAX } from '~/modules/coupons/coupons.ts';
import { getPromotion, giftPacks, promotionForm } from '~/modules/coupons/promotions.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/promotion.ts';
import { promotionAction, promotionIdOf } from './promotion-editor.server.ts';

const t = backoffice.promotions;
const c = backoffice.coupons;

// One page for a new promotion (/beheer/acties/nieuw, no :id) and for editing one.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'promotions.manage');
  const packs = await giftPacks(context.db);
  if (params.id === undefined) return { promotion: null, form: { quantity: '1' }, packs, created: false };
  const id = promotionIdOf(params.id);
  const found = id === null ? null : await getPromotion(context.db, id);
  if (!found) throw data(t.notFound, { status: 404 });
  return {
    promotion: { id: found.id, name: found.name, active: found.active, version: found.updatedAt.toISOString() },
    form: promotionForm(found),
    packs,
    created: new URL(request.url).searchParams.has('aangemaakt'),
  };
}

export const action = (args: Route.ActionArgs) => promotionAction(args);

export const headers = privatePageHeaders;
// A refused stale save (409) reloads the page's data, so the form shows the version someone else saved.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;
export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.promotion ? t.editTitle(d.promotion.name) : t.newPromotion} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Fields = { name: string; packId: string; quantity: string; threshold: string; validFrom: string; validUntil: string };
type Pack = { id: number; product: string; seeds: number; stock: number };

function PromotionForm({ isNew, defaults, packs, lastResult, busy }: { isNew: boolean; defaults: Record<string, unknown>; packs: Pack[]; lastResult: SubmissionResult | undefined; busy: boolean }) {
  const [form, f] = useForm<Fields>({ id: 'promotion', lastResult, defaultValue: defaults, shouldRevalidate: 'onInput' });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {defaults.version ? <input type="hidden" name="version" value={String(defaults.version)} /> : null}
      <Panel>
        <div className="grid gap-4 p-4 sm:grid-cols-2">
          <Field label={t.name} meta={f.name} hint={t.nameHint} className="sm:col-span-2">
            <input {...getInputProps(f.name, { type: 'text' })} maxLength={NAME_MAX} className={fieldClass} />
          </Field>
          <Field label={t.pack} meta={f.packId} hint={t.packHint}>
            <select {...getSelectProps(f.packId)} className={fieldClass}>
              <option value="">–</option>
              {packs.map((p) => (
                <option key={p.id} value={p.id}>
                  {`${p.product} – ${p.seeds} · ${t.stock(p.stock)}`}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t.quantity} meta={f.quantity}>
            <input {...getInputProps(f.quantity, { type: 'number' })} min={1} max={10} className={fieldClass} />
          </Field>
          <Field label={t.threshold} meta={f.threshold} hint={t.thresholdHint} className="sm:col-span-2">
            <input {...getInputProps(f.threshold, { type: 'text' })} inputMode="decimal" className={fieldClass} />
          </Field>
          <ValidityFields f={f} />
        </div>
      </Panel>
      <button type="submit" className={smallButton.primary} disabled={busy}>
        {isNew ? t.create : t.save}
      </button>
    </Form>
  );
}

export default function BackofficePromotion({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const p = d.promotion;
  return (
    <>
      <EditorHeader
        back={{ to: '/beheer/acties', label: t.back }}
        title={p ? t.editTitle(p.name) : t.newPromotion}
        intro={t.intro}
        active={p ? p.active : null}
        toggle={c}
        busy={busy}
        notices={[{ success: d.created && !actionData && t.created(p!.name) }, { success: actionData?.done }, { warning: actionData?.stale && t.errors.stale }, { warning: p && !p.active && t.disabled }]}
      />
      <div className="max-w-3xl">
        <PromotionForm key={p?.version ?? 'new'} isNew={!p} defaults={d.form} packs={d.packs} lastResult={actionData?.result?.status === 'error' ? actionData.result : undefined} busy={busy} />
      </div>
    </>
  );
}
