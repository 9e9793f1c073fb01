// Bank reconciliation (ADR 029): upload a statement, see what matches, pick for the ambiguous lines, book.
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, useNavigation } from 'react-router';
import { BankUploadForm } from '~/components/backoffice/bank-upload-form.tsx';
import { RecentStatements, StatementPreview } from '~/components/backoffice/bank-statement.tsx';
import { bookStatement } from '~/flows/book-bank-line.server.ts';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import type { SubmissionResult } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { CSV_PRESETS, StatementError } from '~/modules/payments/bank-statement.ts';
import { bookSchema, mappingFrom, noteErrors, notesFrom, picksFrom, uploadSchema } from '~/modules/payments/bank.schemas.ts';
import { type OpenOrder, recentStatements, savedCsvMapping, searchOpenOrders, statementPreview, uploadStatement } from '~/modules/payments/bank.server.ts';
import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { PageHeader } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/bank.ts';

const HASH = /^[0-9a-f]{64}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'payments.manage');
  const params = new URL(request.url).searchParams;
  const hash = params.get('afschrift') ?? '';
  const search = (params.get('zoek') ?? '').slice(0, 100);
  const [mapping, full, recent] = await Promise.all([
    savedCsvMapping(context.db),
    HASH.test(hash) ? statementPreview(context.db, hash) : Promise.resolve(null),
    recentStatements(context.db),
  ]);
  const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
  const preset = same(mapping, CSV_PRESETS.ing) ? 'ing' : same(mapping, CSV_PRESETS.rabobank) ? 'rabobank' : 'custom';
  return { mapping, preset, preview: full ? withChoices(full, search) : null, recent, search, unknown: !!hash && !full };
}

/**
 * The preview for the page: instead of all open orders, per unmatched credit what it may be assigned to — the open
 * orders whose due amount equals it first, then what the search finds (all open orders without one) — each with
 * the version the booking checks (ADR 054).
 */
function withChoices({ orders, ...preview }: NonNullable<Awaited<ReturnType<typeof statementPreview>>>, search: string) {
  const choice = (o: OpenOrder) => ({ value: `${o.number}~${o.version}`, number: o.number, name: o.names[0] ?? '', dueMinor: o.dueMinor, currency: o.currency });
  const found = searchOpenOrders(orders, search);
  const open = orders.filter((o) => o.open);
  const choices: Record<number, { suggested: ReturnType<typeof choice>[]; others: ReturnType<typeof choice>[] }> = {};
  for (const { index, line, match } of preview.rows) {
    if (match.kind !== 'unmatched') continue;
    const suggested = open.filter((o) => o.currency === line.currency && o.dueMinor === line.amountMinor);
    const others = found.filter((o) => o.currency === line.currency && !suggested.includes(o)).slice(0, 50);
    choices[index] = { suggested: suggested.map(choice), others: others.map(choice) };
  }
  return { ...preview, choices };
}

type ActionData = {
  intent: 'upload' | 'book';
  result?: SubmissionResult<string[]>;
  message?: string;
  tone?: 'success' | 'error';
  /** A refused booking: the Dutch message per line index, and what was chosen, to show the form again. */
  lineErrors?: Record<number, string>;
  values?: { picks: Record<number, string>; notes: Record<number, string> };
};

function statementMessage(e: StatementError): string {
  const m = t.bank.errors;
  if (e.code === 'csv_column') return m.csv_column(e.detail ?? '');
  if (e.code === 'bad_line') return m.bad_line(e.detail ?? '?');
  return m[e.code];
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'payments.manage');
  const book = async (form: FormData) => {
    const submission = parseWithZod(form, { schema: bookSchema });
    if (submission.status !== 'success') throw data(t.errors.general, { status: 400 });
    const picks = picksFrom(form);
    const notes = notesFrom(form);
    const lineErrors = noteErrors(form, picks, notes);
    if (Object.keys(lineErrors).length > 0) {
      const values = { picks: Object.fromEntries(picks), notes: Object.fromEntries(notes) };
      return data<ActionData>({ intent: 'book', message: t.bank.assign.fixErrors, tone: 'error', lineErrors, values }, { status: 400 });
    }
    const result = await bookStatement(context.db, actor, submission.value.hash, picks, paymentDepsFor(context, request).links, new Date(), notes);
    if (!result) return data<ActionData>({ intent: 'book', message: t.bank.errors.notFound, tone: 'error' }, { status: 404 });
    const message = [t.bank.booked(result), t.bank.assign.result(result)].filter(Boolean).join(' ');
    // An assigned order that changed since the preview was not booked (ADR 054): 409, as the order page's forms.
    return data<ActionData>({ intent: 'book', message, tone: result.changed.length ? 'error' : 'success' }, { status: result.changed.length ? 409 : 200 });
  };
  const upload = async (form: FormData) => {
    const submission = parseWithZod(form, { schema: uploadSchema });
    if (submission.status !== 'success') return data<ActionData>({ intent: 'upload', result: submission.reply({ hideFields: ['file'] }) }, { status: 400 });
    const v = submission.value;
    const mapping = v.preset === 'custom' ? mappingFrom(v) : CSV_PRESETS[v.preset];
    try {
      const hash = await uploadStatement(context.db, actor, { name: v.file.name || 'afschrift', bytes: new Uint8Array(await v.file.arrayBuffer()) }, mapping);
      return redirect(`/beheer/bank?afschrift=${hash}`);
    } catch (e) {
      if (!(e instanceof StatementError)) throw e;
      return data<ActionData>({ intent: 'upload', result: submission.reply({ fieldErrors: { file: [statementMessage(e)] }, hideFields: ['file'] }) }, { status: 400 });
    }
  };
  return dispatchIntent(await readForm(request), { book, upload }, { invalid: t.errors.general, fallback: 'upload' });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.bank.title} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeBank({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const upload = actionData?.intent === 'upload' ? actionData : undefined;
  const booking = actionData?.intent === 'book' ? actionData : undefined;
  const busy = navigation.state === 'submitting';
  const p = d.preview;
  return (
    <>
      <PageHeader title={t.bank.title} intro={t.bank.intro} />
      <div className="space-y-4">
        <BankUploadForm mapping={d.mapping} preset={d.preset} result={upload?.result} />
        {d.unknown ? <Alert>{t.bank.errors.notFound}</Alert> : null}
        {booking?.message ? <Alert tone={booking.tone ?? 'success'}>{booking.message}</Alert> : null}

        {p ? (
          <StatementPreview p={p} busy={busy} search={d.search} lineErrors={booking?.lineErrors} values={booking?.values} />
        ) : !d.unknown ? (
          <p className="text-sm text-slate-600">{t.bank.nothing}</p>
        ) : null}

        {d.recent.length > 0 ? <RecentStatements rows={d.recent} current={p?.hash} /> : null}
      </div>
    </>
  );
}
