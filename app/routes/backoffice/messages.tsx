import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { Mail } from 'lucide-react';
import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { formKey } from '~/lib/form-key.ts';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { support } from '~/i18n/nl/support.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { getShopData } from '~/lib/settings.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { DataList } from '~/components/backoffice/data-list.tsx';
import { ViewTabs } from '~/components/backoffice/view-tabs.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import { INBOX_PAGE_SIZE, INBOX_REPLY_MAX, type InboxView, inboxViews, isInboxView } from '~/modules/support/inbox.ts';
import { type InboxRow, inboxList, replyToContactMessage, setContactMessageOpen } from '~/modules/support/inbox.server.ts';
import type { Route } from './+types/messages.ts';
import { listPage, pageCount } from '~/lib/list-page.ts';

const t = backoffice.messages;
const messageId = z.coerce.number().int().positive().max(2 ** 31 - 1);
const replySchema = z.object({
  messageId,
  key: formKey,
  body: z.string({ error: t.replyEmpty }).trim().min(1, t.replyEmpty).max(INBOX_REPLY_MAX, t.replyTooLong(INBOX_REPLY_MAX)),
});
const idSchema = z.object({ messageId });
type Intent = 'reply' | 'close' | 'reopen';
type Sent = { payload: Record<string, unknown>; reply: (options?: { resetForm?: boolean }) => SubmissionResult<string[]> };

type ActionData = { result: SubmissionResult<string[]>; messageId: number | null; intent: string | null; done?: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'messages.manage');
  const q = new URL(request.url).searchParams;
  const requested = q.get('weergave');
  const view: InboxView = isInboxView(requested) ? requested : 'nieuw';
  const page = listPage(q);
  const { rows, counts } = await inboxList(context.db, view, page);
  // A fresh key per rendered reply form: submitting the same form twice sends one mail.
  return { view, page, rows: rows.map((r) => ({ ...r, replyKey: crypto.randomUUID() })), counts, pageCount: pageCount(counts[view], INBOX_PAGE_SIZE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, staff } = await requireStaff(context.db, request, 'messages.manage');
  const refused = (intent: Intent, submission: Sent) => {
    const id = Number(submission.payload.messageId);
    return data<ActionData>({ result: submission.reply(), messageId: Number.isInteger(id) ? id : null, intent }, { status: 400 });
  };
  const answered = (intent: Intent, found: boolean, submission: Sent, id: number) => {
    if (!found) throw data(t.notFound, { status: 404 });
    const done = intent === 'reply' ? t.sent : intent === 'close' ? t.closed : t.reopened;
    return data<ActionData>({ result: submission.reply({ resetForm: true }), messageId: id, intent, done });
  };
  const reply = async (sent: FormData) => {
    const submission = parseWithZod(sent, { schema: replySchema });
    if (submission.status !== 'success') return refused('reply', submission);
    const v = submission.value;
    const { supportEmail } = await getShopData(context.db);
    const found = await replyToContactMessage(context.db, { ...actor, staffId: staff.id }, { messageId: v.messageId, body: v.body, key: v.key, staffName: staff.name, supportEmail });
    return answered('reply', found, submission, v.messageId);
  };
  const setOpen = (intent: 'close' | 'reopen') => async (sent: FormData) => {
    const submission = parseWithZod(sent, { schema: idSchema });
    if (submission.status !== 'success') return refused(intent, submission);
    const found = await setContactMessageOpen(context.db, actor, submission.value.messageId, intent === 'reopen');
    return answered(intent, found, submission, submission.value.messageId);
  };
  return dispatchIntent(await readForm(request), { reply, close: setOpen('close'), reopen: setOpen('reopen') }, { invalid: backoffice.errors.general });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const when = (d: Date | string) => `${longDate(d)} ${clockTime(d)}`;

function MessageItem({ m, answer }: { m: InboxRow & { replyKey: string }; answer: ActionData | undefined }) {
  const navigation = useNavigation();
  const mine = answer && answer.messageId === m.id && answer.intent === 'reply' && !answer.done ? answer : undefined;
  const busy = navigation.state !== 'idle' && navigation.formData?.get('messageId') === String(m.id);
  const [form, fields] = useForm<{ body: string }>({ id: `message-${m.id}-reply-${m.replyKey}`, lastResult: mine?.result, shouldRevalidate: 'onInput' });
  return (
    <article className="min-w-0 text-left" aria-labelledby={`message-${m.id}-title`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <h2 id={`message-${m.id}-title`} className="font-semibold text-slate-900">
          {m.name}
        </h2>
        <a href={`mailto:${m.email}`} className="inline-flex items-center gap-1 text-primary-800 hover:underline">
          <Mail className="h-4 w-4" aria-hidden /> {m.email}
        </a>
        <Badge tone="slate">{support.topics[m.topic]}</Badge>
        {m.orderNumber ? (
          <span>
            {t.order}{' '}
            {m.orderLink ? (
              <Link to={`/beheer/bestellingen/${m.orderLink}`} className="font-medium text-primary-800 hover:underline">
                {m.orderNumber}
              </Link>
            ) : (
              <span className="font-medium text-slate-900">
                {m.orderNumber} ({t.orderUnknown})
              </span>
            )}
          </span>
        ) : null}
        <span>
          {t.received} <time dateTime={new Date(m.createdAt).toISOString()}>{when(m.createdAt)}</time>
        </span>
      </div>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{m.message}</p>
      {m.replies.length > 0 ? (
        <div className="mt-3">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.replies}</h3>
          <ul className="mt-1 space-y-2">
            {m.replies.map((r) => (
              <li key={r.id} className="rounded-lg bg-primary-50 p-3 text-sm ring-1 ring-primary-100">
                <p className="break-words whitespace-pre-line text-slate-800">{r.body}</p>
                <p className="mt-1 text-xs text-slate-600">{t.repliedBy(r.staff, when(r.sentAt))}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Form method="post" {...getFormProps(form)} className="min-w-0 flex-1 basis-80 space-y-2">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="messageId" value={m.id} />
          <input type="hidden" name="key" value={m.replyKey} />
          <Field label={t.reply} meta={fields.body} hint={t.replyHint}>
            <textarea {...getTextareaProps(fields.body)} rows={3} maxLength={INBOX_REPLY_MAX} className={fieldClass} />
          </Field>
          <button type="submit" className={smallButton.primary} disabled={busy}>
            {t.send}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={m.status === 'closed' ? 'reopen' : 'close'} />
          <input type="hidden" name="messageId" value={m.id} />
          <button type="submit" className={smallButton.secondary} disabled={busy}>
            {m.status === 'closed' ? t.reopen : t.close}
          </button>
        </Form>
      </div>
    </article>
  );
}

export default function BackofficeMessages({ loaderData: d, actionData }: Route.ComponentProps) {
  const href = (view: InboxView, page = 1) => `?${new URLSearchParams({ weergave: view, ...(page > 1 ? { pagina: String(page) } : {}) })}`;
  const doneFor = actionData?.done && actionData.messageId !== null ? actionData : undefined;
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      <ViewTabs label={t.viewsLabel} views={inboxViews.map((v) => ({ key: v, href: href(v), label: t.views[v], count: d.counts[v], current: d.view === v }))} />
      {/* Above the list: an answered or closed message leaves the view it was in. */}
      {doneFor ? <Alert tone="success">{doneFor.done}</Alert> : null}
      <DataList
        label={t.title}
        testId="inbox-list"
        rows={d.rows}
        rowKey={(m) => `${m.id}-${m.replyKey}`}
        rowTestId="inbox-message"
        columns={[{ label: t.title, hideLabel: true, cell: (m) => <MessageItem m={m} answer={actionData} /> }]}
        empty={t.empty[d.view]}
        count={t.count(d.counts[d.view])}
        countTestId="messages-count"
        page={d.page}
        pageCount={d.pageCount}
        pageHref={(p) => href(d.view, p)}
      />
      <p className="mt-4 text-xs text-slate-600">{t.retention}</p>
    </>
  );
}
