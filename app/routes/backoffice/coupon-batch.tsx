import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft, Download } from 'lucide-react';
import { data, Form, Link, useNavigation } from 'react-router';
import { CombinesField, CouponValueFields, StackingRule, ValidityFields } from '~/modules/cart/components/coupon-fields.tsx';
import { type Column, DataList } from '~/components/backoffice/data-list.tsx';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate, wholeNumber } from '~/lib/format.ts';
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { BATCH_MAX, DESCRIPTION_MAX } from '~/modules/coupons/coupons.ts';
import { batchSchema } from '~/modules/coupons/coupons.schemas.ts';
import { createBatch, listBatches } from '~/modules/coupons/coupons.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/coupon-batch.ts';

const t = backoffice.batch;
const c = backoffice.coupons;
type ActionData = { result: SubmissionResult<string[]>; done?: string; batchId?: number };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'promotions.manage');
  // A fresh key per rendered form: submitting it twice makes one batch.
  return { batches: await listBatches(context.db), key: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, staff } = await requireStaff(context.db, request, 'promotions.manage');
  const create = async (sent: FormData) => {
    const submission = parseWithZod(sent, { schema: batchSchema });
    if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const { batch } = await createBatch(context.db, { ...actor, staffId: staff.id }, submission.value);
    return data<ActionData>({ result: submission.reply({ resetForm: true }), done: t.created(batch.count, batch.prefix), batchId: batch.id });
  };
  return dispatchIntent(await readForm(request), { create }, { invalid: backoffice.errors.general, fallback: 'create' });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Batch = Route.ComponentProps['loaderData']['batches'][number];

const columns: Column<Batch>[] = [
  {
    label: t.col.prefix,
    className: 'font-mono text-xs font-semibold',
    cell: (b) => (
      <Link to={`/beheer/kortingscodes?${new URLSearchParams({ herkomst: 'reeks', zoek: `${b.prefix}-` })}`} className="text-primary-800 hover:underline">
        {b.prefix}-…
      </Link>
    ),
  },
  { label: t.col.count, align: 'right', className: 'tabular-nums', cell: (b) => wholeNumber(b.count) },
  { label: t.col.used, align: 'right', className: 'tabular-nums', cell: (b) => wholeNumber(b.used) },
  { label: t.col.made, className: 'whitespace-nowrap text-slate-600', cell: (b) => `${longDate(b.createdAt)} ${clockTime(b.createdAt)}` },
  { label: t.col.by, cell: (b) => b.by ?? '–' },
  {
    label: t.col.file,
    cell: (b) => (
      <a href={`/beheer/kortingscodes/reeks/${b.id}/csv`} className={smallButton.quiet} download aria-label={`${t.download} ${b.prefix}`}>
        <Download className="h-3.5 w-3.5" aria-hidden /> {t.download}
      </a>
    ),
  },
];

type Fields = { prefix: string; count: string; kind: string; percent: string; amount: string; minOrder: string; validFrom: string; validUntil: string; combinesWithPromotions: string; description: string };

export default function BackofficeCouponBatch({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [form, f] = useForm<Fields>({
    id: `batch-${d.key}`,
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: { kind: 'percent', count: '100', combinesWithPromotions: 'on' },
    shouldRevalidate: 'onInput',
  });
  return (
    <>
      <Link to="/beheer/kortingscodes" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {c.back}
      </Link>
      <PageHeader title={t.title} intro={t.intro} />
      {actionData?.done ? (
        <Alert tone="success">
          {actionData.done}{' '}
          <a href={`/beheer/kortingscodes/reeks/${actionData.batchId}/csv`} className="underline" download>
            {t.download}
          </a>
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="key" value={d.key} />
          <Panel>
            <div className="grid gap-4 p-4 sm:grid-cols-2">
              <Field label={t.prefix} meta={f.prefix} hint={t.prefixHint}>
                <input {...getInputProps(f.prefix, { type: 'text' })} maxLength={12} spellCheck={false} className={`${fieldClass} font-mono uppercase`} />
              </Field>
              <Field label={t.count} meta={f.count} hint={t.countHint}>
                <input {...getInputProps(f.count, { type: 'number' })} min={1} max={BATCH_MAX} className={fieldClass} />
              </Field>
              {/* Both value fields always: a batch is made once, and the server ignores the other kind's. */}
              <CouponValueFields f={f} shows={() => true} />
              <div />
              <ValidityFields f={f} />
              <CombinesField meta={f.combinesWithPromotions} className="sm:col-span-2" />
              <Field label={c.description} meta={f.description} className="sm:col-span-2">
                <textarea {...getTextareaProps(f.description)} rows={2} maxLength={DESCRIPTION_MAX} className={fieldClass} />
              </Field>
            </div>
          </Panel>
          <button type="submit" className={smallButton.primary} disabled={busy}>
            {t.create}
          </button>
        </Form>
        <StackingRule />
      </div>
      <DataList label={t.tableLabel} title={t.listTitle} className="mt-6" testId="batches-table" rows={d.batches} columns={columns} empty={t.empty} />
    </>
  );
}
