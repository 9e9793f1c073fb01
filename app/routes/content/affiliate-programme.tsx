import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { BadgeCheck, Clock, Handshake } from 'lucide-react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Field, FieldError, inputClass } from '~/components/ui/form-field.tsx';
import { affiliates } from '~/i18n/nl/affiliates.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { readForm } from '~/lib/form.server.ts';
import { currentSession } from '~/modules/accounts/auth.server.ts';
import { applicationSchema } from '~/modules/affiliates/affiliates.schemas.ts';
import { affiliateOf, applyAsAffiliate } from '~/modules/affiliates/affiliates.server.ts';
import { ContentBlocks, PageHeader } from '~/modules/content/components/content-blocks.tsx';
import { getContentPage } from '~/modules/content/content.server.ts';
import type { Route } from './+types/affiliate-programme.ts';

const t = affiliates.apply;
const PATH = '/affiliate-programma';

// /affiliate-programma: how the programme works (a content page) and the application form for a
// logged-in customer; a guest is asked to log in or sign up first and comes back here.
export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, current] = await Promise.all([getContentPage(context.db, 'affiliate-programma'), currentSession(context.db, request)]);
  if (!page) throw data(null, { status: 404 });
  const affiliate = current ? await affiliateOf(context.db, current.user.id) : null;
  return {
    page: { title: page.title, description: page.description, blocks: page.blocks },
    state: !current ? ('guest' as const) : (affiliate?.status ?? ('none' as const)),
    name: current?.user.name ?? '',
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await currentSession(context.db, request);
  if (!current) throw redirect(`/inloggen?${new URLSearchParams({ redirectTo: PATH })}`);
  const submission = parseWithZod(await readForm(request), { schema: applicationSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const { terms: _terms, ...application } = submission.value;
  const outcome = await applyAsAffiliate(context.db, current.user.id, application);
  return redirect('/account/affiliate', { headers: { 'Set-Cookie': flashCookie(request, { title: outcome === 'applied' ? t.applied : t.pending }) } });
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  d ? [{ title: `${d.page.title} | Kiemkracht` }, { name: 'description', content: d.page.description }] : [];

function ApplicationForm({ lastResult, name }: { lastResult?: SubmissionResult<string[]>; name: string }) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<{ website: string; promotion: string; payoutName: string; payoutIban: string; terms: string }>({ id: 'affiliate-application', lastResult, defaultValue: { payoutName: name }, shouldRevalidate: 'onInput' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="affiliate-application">
      <Field label={t.website} meta={fields.website} hint={t.websiteHint} className="sm:col-span-2">
        <input {...getInputProps(fields.website, { type: 'url' })} autoComplete="url" placeholder="https://" className={inputClass} />
      </Field>
      <Field label={t.promotion} meta={fields.promotion} hint={t.promotionHint} className="sm:col-span-2">
        <textarea {...getTextareaProps(fields.promotion)} rows={4} className={inputClass} />
      </Field>
      <Field label={t.payoutName} meta={fields.payoutName}>
        <input {...getInputProps(fields.payoutName, { type: 'text' })} autoComplete="name" className={inputClass} />
      </Field>
      <Field label={t.payoutIban} meta={fields.payoutIban}>
        <input {...getInputProps(fields.payoutIban, { type: 'text' })} autoComplete="off" spellCheck={false} placeholder="NL00 BANK 0123 4567 89" className={inputClass} />
      </Field>
      <div className="sm:col-span-2">
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input {...getInputProps(fields.terms, { type: 'checkbox' })} className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 text-primary-700 focus:ring-primary-600" />
          <span>{t.terms}</span>
        </label>
        <FieldError meta={fields.terms} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {t.submit}
        </button>
      </div>
    </Form>
  );
}

const statusText = { pending: t.pending, approved: t.approved, rejected: t.rejected, suspended: t.suspended } as const;

export default function AffiliateProgrammePage({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <article>
      <PageHeader title={d.page.title} intro={d.page.description} />
      <div className="container-page max-w-3xl py-10">
        <ContentBlocks blocks={d.page.blocks} />
        <section id="aanmelden" aria-labelledby="aanmelden-title" className="mt-10 scroll-mt-24 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-8">
          <div className="flex items-start gap-3">
            <span className="grid h-10 w-10 shrink-0 place-items-center rounded-2xl bg-primary-50 text-primary-700" aria-hidden>
              <Handshake className="h-5 w-5" />
            </span>
            <div>
              <h2 id="aanmelden-title" className="text-xl font-bold text-slate-900">
                {t.title}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{d.state === 'guest' ? t.loginFirst : t.intro}</p>
            </div>
          </div>
          {d.state === 'guest' ? (
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to={`/inloggen?${new URLSearchParams({ redirectTo: `${PATH}#aanmelden` })}`} className={buttonClass('primary')}>
                {t.login}
              </Link>
              <Link to="/registreren" className={buttonClass('secondary')}>
                {t.register}
              </Link>
            </div>
          ) : d.state === 'none' ? (
            <ApplicationForm lastResult={actionData?.result} name={d.name} />
          ) : (
            <div className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="affiliate-state">
              <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
                {d.state === 'approved' ? <BadgeCheck className="h-5 w-5 text-primary-700" aria-hidden /> : <Clock className="h-5 w-5 text-slate-500" aria-hidden />}
                {statusText[d.state]}
              </p>
              <Link to="/account/affiliate" className={buttonClass('secondary')}>
                {t.toDashboard}
              </Link>
            </div>
          )}
        </section>
      </div>
    </article>
  );
}
