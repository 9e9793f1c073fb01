import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { Affiliate, Application, type Reply } from '~/components/backoffice/affiliate-cards.tsx';
import { DataList } from '~/components/backoffice/data-list.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { affiliateSchema } from '~/modules/affiliates/affiliate-admin.schemas.ts';
import { affiliateOverview, decideApplication, markPayoutPaid, setCommissionPercent } from '~/modules/affiliates/affiliate-admin.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { PageHeader } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/affiliates.ts';

const t = backoffice.affiliates;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'affiliates.manage');
  const rows = await affiliateOverview(context.db);
  // A fresh key per rendered payout form: submitting it twice (or from two tabs at once) records one payout.
  return { rows: rows.map((r) => ({ ...r, balances: r.balances.map((b) => ({ ...b, payoutKey: crypto.randomUUID() })) })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'affiliates.manage');
  const decide = async (form: FormData) => {
    const formId = typeof form.get('formId') === 'string' ? String(form.get('formId')).slice(0, 80) : null;
    const submission = parseWithZod(form, { schema: affiliateSchema });
    if (submission.status !== 'success') return data<Reply>({ formId, result: submission.reply() }, { status: 400 });
    const v = submission.value;
    const ok = (message: string, tone: Reply['tone'] = 'success') => data<Reply>({ formId, result: submission.reply({ resetForm: true }), message, tone });
    const notFound = () => data(t.notFound, { status: 404 });
    const codeOf = async (id: number) => (await affiliateOverview(context.db)).find((a) => a.id === id)?.code ?? '';
    if (v.intent === 'payout') {
      const paid = await markPayoutPaid(context.db, actor, { affiliateId: v.affiliateId, currency: v.currency, amountMinor: v.amountMinor, reference: v.reference, key: v.key });
      if (paid.status === 'not_found') throw notFound();
      if (paid.status === 'too_much') {
        return data<Reply>({ formId, result: submission.reply({ formErrors: [t.tooMuch(formatMoney(paid.payableMinor, v.currency))] }) }, { status: 409 });
      }
      if (paid.status === 'already_paid') return ok(t.alreadyPaid);
      return ok(t.paid(formatMoney(paid.amountMinor, paid.currency), await codeOf(v.affiliateId)));
    }
    if (v.intent === 'percent') {
      const done = await setCommissionPercent(context.db, actor, v.affiliateId, v.percent);
      if (done === 'not_found') throw notFound();
      return done === 'unchanged' ? ok(t.unchanged) : ok(t.percentSaved(await codeOf(v.affiliateId), v.percent));
    }
    const status = v.intent === 'approve' || v.intent === 'reinstate' ? 'approved' : v.intent === 'reject' ? 'rejected' : 'suspended';
    const done = await decideApplication(context.db, actor, v.affiliateId, status, v.intent === 'approve' ? v.percent : undefined);
    if (done === 'not_found') throw notFound();
    return done === 'unchanged' ? ok(t.unchanged) : ok(t.decided[status]);
  };
  // Every intent is one case of the form's schema (affiliate-admin.schemas.ts).
  const intents = { approve: decide, reject: decide, suspend: decide, reinstate: decide, percent: decide, payout: decide };
  return dispatchIntent(await readForm(request), intents, { invalid: backoffice.errors.general });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeAffiliates({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as Reply | undefined;
  const pending = d.rows.filter((a) => a.status === 'pending');
  const others = d.rows.filter((a) => a.status !== 'pending');
  // Applications to decide first, then every other affiliate: one list each, a card per affiliate.
  const sections = [
    { title: t.applications, testId: 'affiliate-applications', rowTestId: 'affiliate-application', rows: pending, empty: t.noApplications, Card: Application },
    { title: t.all, testId: 'affiliates', rowTestId: 'affiliate', rows: others, empty: t.none, Card: Affiliate },
  ];
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      {reply?.message ? <Alert tone={reply.tone ?? 'success'}>{reply.message}</Alert> : null}
      <div className="space-y-4">
        {sections.map((s) => (
          <DataList
            key={s.testId}
            label={s.title}
            title={`${s.title} (${s.rows.length})`}
            testId={s.testId}
            rows={s.rows}
            rowTestId={s.rowTestId}
            columns={[{ label: s.title, hideLabel: true, cell: (a) => <s.Card a={a} reply={reply} /> }]}
            empty={s.empty}
          />
        ))}
      </div>
    </>
  );
}
