import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft } from 'lucide-react';
import { data, Form, Link, redirect, type ShouldRevalidateFunction, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { NAME_MAX } from '~/modules/coupons/coupons.ts';
import { editPromotionSchema, newPromotionSchema } from '~/modules/coupons/coupons.schemas.ts';
import { createPromotion, getPromotion, giftPacks, promotionForm, setPromotionActive, updatePromotion } from '~/modules/coupons/promotions.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/promotion.ts';

const t = backoffice.promotions;
const c = backoffice.coupons;
type ActionData = { result?: SubmissionResult<string[]>; done?: string; stale?: boolean };
const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
};

// One page for a new promotion (/beheer/acties/nieuw, no :id) and for editing one.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'promotions.manage');
  const packs = await giftPacks(context.db);
  if (params.id === undefined) return { promotion: null, form: { quantity: '1' }, packs, created: false };
  const id = idOf(params.id);
  const found = id === null ? null : await getPromotion(context.db, id);
  if (!found) throw data(t.notFound, { status: 404 });
  return {
    promotion: { id: found.id, name: found.name, active: found.active, version: found.updatedAt.toISOString() },
    form: promotionForm(found),
    packs,
    created: new URL(request.url).searchParams.has('aangemaakt'),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'promotions.manage');
  const form = await readForm(request);
  const intent = form.get('intent');
  const id = params.id === undefined ? null : idOf(params.id);
  if (params.id !== undefined && id === null) throw data(t.notFound, { status: 404 });
  if (id !== null && (intent === 'disable' || intent === 'enable')) {
    if (!(await setPromotionActive(context.db, actor, id, intent === 'enable'))) throw data(t.notFound, { status: 404 });
    return data<ActionData>({ done: intent === 'enable' ? t.enabled : t.disabled });
  }
  const packError = { fieldErrors: { packId: [t.errors.pack] } };
  if (id === null) {
    const submission = parseWithZod(form, { schema: newPromotionSchema });
    if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const made = await createPromotion(context.db, actor, submission.value);
    if (made === 'pack') return data<ActionData>({ result: submission.reply(packError) }, { status: 400 });
    throw redirect(`/beheer/acties/${made.id}?aangemaakt=1`);
  }
  const submission = parseWithZod(form, { schema: editPromotionSchema });
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 });
  const outcome = await updatePromotion(context.db, actor, id, submission.value);
  if (outcome === 'not_found') throw data(t.notFound, { status: 404 });
  if (outcome === 'pack') return data<ActionData>({ result: submission.reply(packError) }, { status: 400 });
  if (outcome === 'stale') return data<ActionData>({ stale: true }, { status: 409 });
  return data<ActionData>({ done: t.saved });
}

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
          <Field label={c.validFrom} meta={f.validFrom} hint={c.validHint}>
            <input {...getInputProps(f.validFrom, { type: 'date' })} className={fieldClass} />
          </Field>
          <Field label={c.validUntil} meta={f.validUntil}>
            <input {...getInputProps(f.validUntil, { type: 'date' })} className={fieldClass} />
          </Field>
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
      <Link to="/beheer/acties" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.back}
      </Link>
      <PageHeader title={p ? t.editTitle(p.name) : t.newPromotion} intro={t.intro}>
        {p ? (
          <Form method="post">
            <button type="submit" name="intent" value={p.active ? 'disable' : 'enable'} className={p.active ? smallButton.danger : smallButton.secondary} disabled={busy}>
              {p.active ? c.disable : c.enable}
            </button>
          </Form>
        ) : null}
      </PageHeader>
      {d.created && !actionData ? <Alert tone="success">{t.created(p!.name)}</Alert> : null}
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      {actionData?.stale ? <Alert>{t.errors.stale}</Alert> : null}
      {p && !p.active ? <Alert>{t.disabled}</Alert> : null}
      <div className="max-w-3xl">
        <PromotionForm key={p?.version ?? 'new'} isNew={!p} defaults={d.form} packs={d.packs} lastResult={actionData?.result?.status === 'error' ? actionData.result : undefined} busy={busy} />
      </div>
    </>
  );
}
