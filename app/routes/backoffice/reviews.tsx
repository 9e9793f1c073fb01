import { parseWithZod } from '@conform-to/zod/v4';
import { BadgeCheck, Star } from 'lucide-react';
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { DataList } from '~/components/backoffice/data-list.tsx';
import { RowForm } from '~/components/backoffice/row-form.tsx';
import { ViewTabs } from '~/components/backoffice/view-tabs.tsx';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { isModerationView, MODERATION_PAGE_SIZE, type ModerationView, moderationViews, REASON_MAX, REPLY_MAX } from '~/modules/reviews/moderation.ts';
import { type ModerationRow, moderationList, replyToReview } from '~/modules/reviews/moderation.server.ts';
import { moderateReviewStatus } from '~/flows/publish-review.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/reviews.ts';
import { listPage, pageCount } from '~/lib/list-page.ts';

const t = backoffice.reviews;
const reviewId = z.coerce.number().int().positive().max(2 ** 31 - 1);
const schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('publish'), reviewId }),
  z.object({
    intent: z.literal('hide'),
    reviewId,
    reason: z.string({ error: t.reasonEmpty }).trim().min(1, t.reasonEmpty).max(REASON_MAX, t.reasonTooLong(REASON_MAX)),
  }),
  z.object({ intent: z.literal('reply'), reviewId, reply: z.string().trim().max(REPLY_MAX, t.replyTooLong(REPLY_MAX)).default('') }),
]);

type ActionData = { result: SubmissionResult<string[]>; reviewId: number | null; intent: string | null; done?: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'reviews.manage');
  const q = new URL(request.url).searchParams;
  const requested = q.get('weergave');
  const view: ModerationView = isModerationView(requested) ? requested : 'nieuw';
  const page = listPage(q);
  const { rows, counts } = await moderationList(context.db, view, page);
  return { view, page, rows, counts, pageCount: pageCount(counts[view], MODERATION_PAGE_SIZE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'reviews.manage');
  // The three forms share one schema (a union on the intent); the dispatch only refuses what none of them sends.
  const moderate = (form: FormData) => moderateReview(context.db, actor, form);
  return dispatchIntent(await readForm(request), { publish: moderate, hide: moderate, reply: moderate }, { invalid: t.unknownIntent });
}

async function moderateReview(db: Route.ActionArgs['context']['db'], actor: Parameters<typeof replyToReview>[1], form: FormData) {
  const submission = parseWithZod(form, { schema });
  if (submission.status !== 'success') {
    const sent = submission.payload;
    const id = Number(sent.reviewId);
    return data<ActionData>({ result: submission.reply(), reviewId: Number.isInteger(id) ? id : null, intent: typeof sent.intent === 'string' ? sent.intent : null }, { status: 400 });
  }
  const v = submission.value;
  const found =
    v.intent === 'reply'
      ? await replyToReview(db, actor, v.reviewId, v.reply)
      : await moderateReviewStatus(db, actor, v.reviewId, v.intent === 'hide' ? 'hidden' : 'published', v.intent === 'hide' ? v.reason : null);
  if (!found) throw data(t.notFound, { status: 404 });
  const done = v.intent === 'reply' ? (v.reply.trim() ? t.replied : t.replyRemoved) : v.intent === 'hide' ? t.hidden : t.published;
  return data<ActionData>({ result: submission.reply(), reviewId: v.reviewId, intent: v.intent, done });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const when = (d: Date | string) => `${longDate(d)} ${clockTime(d)}`;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5 text-amber-500" role="img" aria-label={t.stars(rating)}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className={`h-4 w-4 ${i < rating ? 'fill-current' : 'text-slate-300'}`} aria-hidden />
      ))}
    </span>
  );
}

function ReviewItem({ r, view, answer }: { r: ModerationRow; view: ModerationView; answer: ActionData | undefined }) {
  const navigation = useNavigation();
  const mine = answer && answer.reviewId === r.id ? answer : undefined;
  const busy = navigation.state !== 'idle' && navigation.formData?.get('reviewId') === String(r.id);
  const [hideForm, hideFields] = useForm<{ reason: string }>({ id: `review-${r.id}-hide`, lastResult: mine?.intent === 'hide' ? mine.result : undefined });
  const [replyForm, replyFields] = useForm<{ reply: string }>({
    id: `review-${r.id}-reply`,
    lastResult: mine?.intent === 'reply' ? mine.result : undefined,
    defaultValue: { reply: r.shopReply ?? '' },
  });
  return (
    <article className="min-w-0 text-left" aria-labelledby={`review-${r.id}-title`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <Stars rating={r.rating} />
        <span className="font-medium text-slate-900">{r.authorName}</span>
        {r.verified ? (
          <span className="inline-flex items-center gap-1 text-primary-800">
            <BadgeCheck className="h-4 w-4" aria-hidden /> {t.verified}
          </span>
        ) : null}
        <span>
          {t.about}{' '}
          <Link to={`/product/${r.slug}`} className="font-medium text-primary-800 hover:underline">
            {r.product}
          </Link>
        </span>
        <time dateTime={new Date(r.updatedAt).toISOString()}>
          {when(r.updatedAt)}
          {new Date(r.updatedAt).getTime() - new Date(r.createdAt).getTime() > 60_000 ? ` (${t.edited})` : ''}
        </time>
        {r.status === 'hidden' ? <Badge tone="red">{t.views.verborgen}</Badge> : null}
      </div>
      <h2 id={`review-${r.id}-title`} className="mt-2 font-semibold text-slate-900">
        {r.title}
      </h2>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{r.body}</p>
      {r.status === 'hidden' && r.hiddenReason ? (
        <p className="mt-2 text-sm text-red-800">
          <span className="font-medium">{t.hiddenBecause}</span> {r.hiddenReason}
        </p>
      ) : null}
      {r.checkedAt && r.checkedBy ? <p className="mt-1 text-xs text-slate-500">{t.checkedBy(r.checkedBy, when(r.checkedAt))}</p> : null}
      <div className="mt-3 grid gap-3 lg:grid-cols-2">
        <div className="space-y-2">
          {r.status === 'hidden' || view === 'nieuw' ? <RowForm intent="publish" fields={{ reviewId: r.id }} label={r.status === 'hidden' ? t.publish : t.approve} tone="primary" busy={busy} /> : null}
          {r.status === 'published' ? (
            <Form method="post" {...getFormProps(hideForm)} className="flex flex-wrap items-start gap-2">
              <input type="hidden" name="intent" value="hide" />
              <input type="hidden" name="reviewId" value={r.id} />
              <Field label={t.reason} meta={hideFields.reason} className="min-w-0 flex-1">
                <input {...getInputProps(hideFields.reason, { type: 'text' })} maxLength={REASON_MAX} className={fieldClass} />
              </Field>
              <button type="submit" className={`${smallButton.danger} mt-6`} disabled={busy}>
                {t.hide}
              </button>
            </Form>
          ) : null}
        </div>
        <Form method="post" {...getFormProps(replyForm)} className="space-y-2">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="reviewId" value={r.id} />
          <Field label={t.reply} meta={replyFields.reply} hint={t.replyHint}>
            <textarea {...getTextareaProps(replyFields.reply)} rows={2} className={fieldClass} />
          </Field>
          <button type="submit" className={smallButton.secondary} disabled={busy}>
            {t.replySubmit}
          </button>
        </Form>
      </div>
    </article>
  );
}

export default function BackofficeReviews({ loaderData: d, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const href = (view: ModerationView, page = 1) => `?${new URLSearchParams({ weergave: view, ...(page > 1 ? { pagina: String(page) } : {}) })}`;
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      <ViewTabs label={t.viewsLabel} views={moderationViews.map((v) => ({ key: v, href: href(v), label: t.views[v], count: d.counts[v], current: d.view === v }))} />
      {/* Above the list: a published or hidden review leaves the queue it was in. */}
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      <DataList
        label={t.title}
        testId="moderation-list"
        rows={d.rows}
        rowKey={(r) => `${r.id}-${r.shopReply ?? ''}-${params.toString()}`}
        rowTestId="moderation-review"
        columns={[{ label: t.title, hideLabel: true, cell: (r) => <ReviewItem r={r} view={d.view} answer={actionData} /> }]}
        empty={t.empty[d.view]}
        count={t.count(d.counts[d.view])}
        countTestId="reviews-count"
        page={d.page}
        pageCount={d.pageCount}
        pageHref={(p) => href(d.view, p)}
      />
    </>
  );
}
