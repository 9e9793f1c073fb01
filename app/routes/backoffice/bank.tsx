// Bank reconciliation (ADR 029): upload a statement, see what matches, pick for the ambiguous lines, book.
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { clockTime, longDate, shopDay } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import type { LineMatch } from '~/modules/payments/bank-matching.ts';
import { CSV_PRESETS, StatementError } from '~/modules/payments/bank-statement.ts';
import { bookSchema, mappingFrom, picksFrom, uploadSchema } from '~/modules/payments/bank.schemas.ts';
import { recentStatements, savedCsvMapping, statementPreview, uploadStatement } from '~/modules/payments/bank.server.ts';
import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/bank.ts';
import { bookStatement } from '~/flows/book-bank-line.server.ts';

const HASH = /^[0-9a-f]{64}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'payments.manage');
  const hash = new URL(request.url).searchParams.get('afschrift') ?? '';
  const [mapping, preview, recent] = await Promise.all([
    savedCsvMapping(context.db),
    HASH.test(hash) ? statementPreview(context.db, hash) : Promise.resolve(null),
    recentStatements(context.db),
  ]);
  const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
  const preset = same(mapping, CSV_PRESETS.ing) ? 'ing' : same(mapping, CSV_PRESETS.rabobank) ? 'rabobank' : 'custom';
  return { mapping, preset, preview, recent, unknown: !!hash && !preview };
}

type ActionData = { intent: 'upload' | 'book'; result?: SubmissionResult<string[]>; message?: string; tone?: 'success' | 'error' };

function statementMessage(e: StatementError): string {
  const m = t.bank.errors;
  if (e.code === 'csv_column') return m.csv_column(e.detail ?? '');
  if (e.code === 'bad_line') return m.bad_line(e.detail ?? '?');
  return m[e.code];
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'payments.manage');
  const form = await readForm(request);
  if (form.get('intent') === 'book') {
    const submission = parseWithZod(form, { schema: bookSchema });
    if (submission.status !== 'success') throw data(t.errors.general, { status: 400 });
    const result = await bookStatement(context.db, actor, submission.value.hash, picksFrom(form), paymentDepsFor(context, request).links);
    if (!result) return data<ActionData>({ intent: 'book', message: t.bank.errors.notFound, tone: 'error' }, { status: 404 });
    return data<ActionData>({ intent: 'book', message: t.bank.booked(result), tone: 'success' });
  }
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
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.bank.title} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const TONES = { matched: 'green', ambiguous: 'amber', unmatched: 'red', booked: 'blue', debit: 'slate' } as const;

function MatchCell({ match, index }: { match: LineMatch; index: number }) {
  const order = (n: string) => (
    <Link to={`/beheer/bestellingen/${n}`} className="font-mono text-xs font-medium text-primary-800 underline underline-offset-2">
      {n}
    </Link>
  );
  if (match.kind === 'matched')
    return (
      <>
        {order(match.orderNumber)}
        <span className="block text-xs text-slate-500">{t.bank.via[match.via]}</span>
      </>
    );
  if (match.kind === 'booked') return match.orderNumber ? order(match.orderNumber) : null;
  if (match.kind === 'ambiguous')
    return (
      <label className="block text-xs text-slate-600">
        {t.bank.pick} ({t.bank.via[match.via]})
        <select name={`kies-${index}`} defaultValue="" className={`${fieldClass} min-w-36 font-mono`}>
          <option value="">{t.bank.pickNone}</option>
          {match.candidates.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    );
  return null;
}

export default function BackofficeBank({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const upload = actionData?.intent === 'upload' ? actionData : undefined;
  const booking = actionData?.intent === 'book' ? actionData : undefined;
  const [form, fields] = useForm<Record<string, string>>({
    id: 'bank-upload',
    lastResult: navigation.state === 'idle' ? upload?.result : undefined,
    defaultValue: { ...d.mapping, preset: d.preset },
    shouldRevalidate: 'onInput',
  });
  const busy = navigation.state === 'submitting';
  const p = d.preview;
  const columns = ['date', 'amount', 'direction', 'creditValue', 'name', 'description', 'reference', 'account', 'currency'] as const;
  return (
    <>
      <PageHeader title={t.bank.title} intro={t.bank.intro} />
      <div className="space-y-4">
        <Panel title={t.bank.upload}>
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4 p-4">
            <input type="hidden" name="intent" value="upload" />
            <Field label={t.bank.file} meta={fields.file!} hint={t.bank.fileHint}>
              <input {...getInputProps(fields.file!, { type: 'file' })} accept=".xml,.csv,.txt,text/xml,application/xml,text/csv" className={`${fieldClass} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm`} />
            </Field>
            <details className="rounded-lg ring-1 ring-slate-200" open={d.preset === 'custom' || !!upload?.result?.error}>
              <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-slate-800">{t.bank.mapping}</summary>
              <div className="space-y-3 border-t border-slate-200 p-3">
                <p className="text-xs text-slate-500">{t.bank.mappingIntro}</p>
                <fieldset>
                  <legend className="text-sm font-medium text-slate-800">{t.bank.preset}</legend>
                  <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                    {(['ing', 'rabobank', 'custom'] as const).map((preset) => (
                      <label key={preset} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
                        <input {...getInputProps(fields.preset!, { type: 'radio', value: preset })} id={`bank-upload-preset-${preset}`} />
                        {t.bank.presets[preset]}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {columns.map((c) => (
                    <Field key={c} label={t.bank.columns[c]} meta={fields[c]!}>
                      <input {...getInputProps(fields[c]!, { type: 'text' })} autoComplete="off" className={fieldClass} />
                    </Field>
                  ))}
                  <Field label={t.bank.columns.dateFormat} meta={fields.dateFormat!}>
                    <select {...getSelectProps(fields.dateFormat!)} className={fieldClass}>
                      {Object.entries(t.bank.dateFormats).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field label={t.bank.columns.decimal} meta={fields.decimal!}>
                    <select {...getSelectProps(fields.decimal!)} className={fieldClass}>
                      <option value=",">, (14,90)</option>
                      <option value=".">. (14.90)</option>
                    </select>
                  </Field>
                </div>
              </div>
            </details>
            <button type="submit" className={smallButton.primary} disabled={busy}>
              {t.bank.submitUpload}
            </button>
          </Form>
        </Panel>

        {d.unknown ? <Alert>{t.bank.errors.notFound}</Alert> : null}
        {booking?.message ? <Alert tone={booking.tone ?? 'success'}>{booking.message}</Alert> : null}

        {p ? (
          <Panel title={`${t.bank.preview}: ${t.bank.statement(p.fileName, p.rows.length)}`}>
            <Form method="post" data-testid="bank-preview">
              <input type="hidden" name="intent" value="book" />
              <input type="hidden" name="hash" value={p.hash} />
              <ul className="flex flex-wrap gap-2 px-4 pt-3" aria-label={t.bank.preview}>
                {(Object.keys(p.counts) as (keyof typeof p.counts)[]).map((k) => (
                  <li key={k} data-testid={`count-${k}`}>
                    <Badge tone={TONES[k]}>
                      {t.bank.counts[k]}: {p.counts[k]}
                    </Badge>
                  </li>
                ))}
              </ul>
              {/* Phones get one card per line (the result first in view); wider screens the table. The pick of an
                  ambiguous line is in both: the hidden copy sends an empty value, which booking ignores. */}
              <ul className="mt-3 divide-y divide-slate-100 border-t border-slate-100 sm:hidden">
                {p.rows.map((r) => (
                  <li key={r.index} className={`space-y-1 px-4 py-3 text-sm ${r.match.kind === 'debit' ? 'text-slate-600' : 'text-slate-800'}`}>
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="tabular-nums">{shopDay(`${r.line.date}T12:00:00Z`)}</span>
                      <span className="font-semibold whitespace-nowrap tabular-nums">
                        {r.line.credit ? '+' : '−'} {formatMoney(r.line.amountMinor, r.line.currency)}
                      </span>
                    </div>
                    <p className="font-medium">{r.line.name}</p>
                    <p className="text-xs break-words text-slate-600">{r.line.description}</p>
                    <div className="flex flex-wrap items-start gap-2 pt-1">
                      <Badge tone={TONES[r.match.kind]}>{t.bank.counts[r.match.kind]}</Badge>
                      <div className="min-w-0 flex-1">
                        <MatchCell match={r.match} index={r.index} />
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
              <div className={`${table.wrap} mt-3 hidden sm:block`} {...scrollArea(t.bank.preview)}>
                <table className={table.table}>
                  <thead>
                    <tr>
                      <th className={table.th}>{t.bank.date}</th>
                      <th className={`${table.th} text-right`}>{t.bank.amount}</th>
                      <th className={table.th}>{t.bank.payer}</th>
                      <th className={table.th}>{t.bank.description}</th>
                      <th className={table.th}>{t.bank.result}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {p.rows.map((r) => (
                      <tr key={r.index} data-testid={`bank-line-${r.index}`} data-kind={r.match.kind} className={r.match.kind === 'debit' ? 'text-slate-500' : ''}>
                        <td className={`${table.td} whitespace-nowrap tabular-nums`}>{shopDay(`${r.line.date}T12:00:00Z`)}</td>
                        <td className={`${table.td} text-right whitespace-nowrap tabular-nums`}>
                          {r.line.credit ? '+' : '−'} {formatMoney(r.line.amountMinor, r.line.currency)}
                        </td>
                        <td className={`${table.td} max-w-40`}>{r.line.name}</td>
                        <td className={`${table.td} max-w-64 text-xs break-words`}>{r.line.description}</td>
                        <td className={`${table.td} min-w-44`}>
                          <Badge tone={TONES[r.match.kind]}>{t.bank.counts[r.match.kind]}</Badge>
                          <div className="mt-1">
                            <MatchCell match={r.match} index={r.index} />
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
                <p className="max-w-2xl text-xs text-slate-600">{t.bank.bookIntro}</p>
                <button type="submit" className={smallButton.primary} disabled={busy}>
                  {t.bank.book}
                </button>
              </div>
            </Form>
          </Panel>
        ) : !d.unknown ? (
          <p className="text-sm text-slate-600">{t.bank.nothing}</p>
        ) : null}

        {d.recent.length > 0 ? (
          <Panel title={t.bank.recent}>
            <ul className="divide-y divide-slate-100 text-sm" data-testid="recent-statements">
              {d.recent.map((r) => (
                <li key={r.hash} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2">
                  <Link to={`/beheer/bank?afschrift=${r.hash}`} className="font-medium break-all text-primary-800 underline underline-offset-2" aria-current={p?.hash === r.hash ? 'page' : undefined}>
                    {t.bank.statement(r.fileName, r.lines)}
                  </Link>
                  <span className="text-slate-600">
                    {longDate(r.createdAt)} {clockTime(r.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          </Panel>
        ) : null}
      </div>
    </>
  );
}
