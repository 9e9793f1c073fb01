import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { EditableList } from '~/components/backoffice/editable-row.tsx';
import { RowForm } from '~/components/backoffice/row-form.tsx';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { rowId } from '~/modules/blog/blog-admin.schemas.ts';
import { deleteFaq, listFaqForStaff, saveFaq } from '~/modules/content/content-admin.server.ts';
import { faqSchema } from '~/modules/content/content-admin.schemas.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/content-faq.ts';
import { ContentHeader } from '~/modules/content/components/content-header.tsx';

const t = contentTexts.faq;
const deleteSchema = z.object({ intent: z.literal('delete'), id: rowId });

type ActionData = { result: SubmissionResult<string[]>; formId: string; done?: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'content.manage');
  return { items: await listFaqForStaff(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'content.manage');
  const remove = async (form: FormData) => {
    const del = deleteSchema.safeParse(Object.fromEntries(form));
    if (!del.success) throw data(contentTexts.notFound, { status: 404 });
    await deleteFaq(context.db, actor, del.data.id);
    return data<ActionData>({ result: {}, formId: `faq-${del.data.id}`, done: contentTexts.deleted });
  };
  const save = async (form: FormData) => {
    const submission = parseWithZod(form, { schema: faqSchema });
    const formId = submission.payload.id ? `faq-${String(submission.payload.id)}` : 'faq-new';
    if (submission.status !== 'success') return data<ActionData>({ result: submission.reply(), formId }, { status: 400 });
    const saved = await saveFaq(context.db, actor, submission.value);
    if (!saved.ok) throw data(contentTexts.notFound, { status: 404 });
    return data<ActionData>({ result: submission.reply({ resetForm: !submission.value.id }), formId, done: contentTexts.saved });
  };
  // A form sent with Enter carries no button, so no intent: it saves.
  return dispatchIntent(await readForm(request), { delete: remove, save }, { invalid: contentTexts.notFound, fallback: 'save' });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Item = Route.ComponentProps['loaderData']['items'][number];

function FaqForm({ item, answer, nextPosition }: { item?: Item; answer: ActionData | undefined; nextPosition: number }) {
  const id = item ? `faq-${item.id}` : 'faq-new';
  const busy = useNavigation().state !== 'idle';
  const [form, fields] = useForm<{ question: string; answer: string; category: string; position: string; searchWords: string }>({
    id,
    lastResult: answer?.formId === id ? answer.result : undefined,
    defaultValue: item
      ? { question: item.question, answer: item.answer, category: item.category, position: String(item.position), searchWords: item.searchWords }
      : { position: String(nextPosition) },
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      <Field label={t.fields.question} meta={fields.question}>
        <input {...getInputProps(fields.question, { type: 'text' })} maxLength={300} className={fieldClass} />
      </Field>
      <Field label={t.fields.answer} meta={fields.answer}>
        <textarea {...getTextareaProps(fields.answer)} rows={4} maxLength={3000} className={fieldClass} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <Field label={t.fields.group} meta={fields.category} hint={t.fields.groupHint}>
          <input {...getInputProps(fields.category, { type: 'text' })} maxLength={80} className={fieldClass} />
        </Field>
        <Field label={t.fields.position} meta={fields.position}>
          <input {...getInputProps(fields.position, { type: 'number' })} min={0} max={999} className={fieldClass} />
        </Field>
      </div>
      <Field label={t.fields.searchWords} meta={fields.searchWords} hint={t.fields.searchWordsHint}>
        {/* No maxLength: a longer paste gets the server's message instead of being cut off silently. */}
        <textarea {...getTextareaProps(fields.searchWords)} rows={2} className={fieldClass} />
      </Field>
      <button type="submit" name="intent" value="save" className={smallButton.primary} disabled={busy}>
        {item ? contentTexts.save : t.add}
      </button>
    </Form>
  );
}

export default function BackofficeContentFaq({ loaderData: d, actionData }: Route.ComponentProps) {
  const groups = [...new Set(d.items.map((i) => i.category))];
  const nextPosition = Math.min(999, d.items.reduce((m, i) => Math.max(m, i.position), -1) + 1);
  return (
    <>
      <ContentHeader title={t.title} intro={t.intro} current="faq" done={actionData?.done} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] [&>*]:min-w-0">
        <div className="space-y-6">
          <p className="text-sm text-slate-600" data-testid="faq-count">
            {t.count(d.items.length)}
          </p>
          {d.items.length === 0 ? <p className="text-sm text-slate-600">{t.empty}</p> : null}
          {groups.map((g) => (
            <EditableList
              key={g}
              title={g}
              testId="faq-list"
              rowTestId="faq-item"
              rows={d.items.filter((i) => i.category === g)}
              edit={contentTexts.edit}
              summary={(i) => ({ title: i.question, sub: i.answer })}
              isOpen={(i) => actionData?.formId === `faq-${i.id}` && actionData.result.status === 'error'}
              editor={(i) => (
                <>
                  <FaqForm key={`${i.id}-${i.question}-${i.answer}-${i.searchWords}`} item={i} answer={actionData} nextPosition={nextPosition} />
                  <RowForm intent="delete" fields={{ id: i.id }} label={contentTexts.delete} />
                </>
              )}
            />
          ))}
        </div>
        <Panel title={t.add} className="order-first lg:sticky lg:top-6 lg:order-none">
          <div className="p-4">
            <FaqForm answer={actionData} nextPosition={nextPosition} />
          </div>
        </Panel>
      </div>
    </>
  );
}
