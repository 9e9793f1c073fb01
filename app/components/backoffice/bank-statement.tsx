import { Form, Link } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';
import type { LineMatch } from '~/modules/payments/bank-matching.ts';
import type { recentStatements, statementPreview } from '~/modules/payments/bank.server.ts';
import { fieldClass, smallButton } from './styles.ts';
import { Badge } from './parts.tsx';
import { DataList } from './data-list.tsx';

// The bank page's lists (/beheer/bank): a statement's lines with what each matches, and the recent statements.

type Choice = { value: string; number: string; name: string; dueMinor: number; currency: string };
/** The preview as the page has it: without the open orders themselves, with each unmatched line's choices. */
type Preview = Omit<NonNullable<Awaited<ReturnType<typeof statementPreview>>>, 'orders'> & { choices: Record<number, { suggested: Choice[]; others: Choice[] }> };
type Values = { picks: Record<number, string>; notes: Record<number, string> };
type Recent = Awaited<ReturnType<typeof recentStatements>>;

export const TONES = { matched: 'green', ambiguous: 'amber', unmatched: 'red', ignored: 'slate', booked: 'blue', debit: 'slate' } as const;

/** An unmatched credit: assign it to an open order (same amount first) or mark it "not for an order" with a note. */
function AssignCell({ index, choices, error, values }: { index: number; choices: { suggested: Choice[]; others: Choice[] } | undefined; error: string | undefined; values: Values | undefined }) {
  const a = t.bank.assign;
  const option = (c: Choice) => (
    <option key={c.value} value={c.value}>
      {a.option(c.number, c.name, formatMoney(c.dueMinor, c.currency))}
    </option>
  );
  const errorId = `notitie-${index}-fout`;
  return (
    <div className="space-y-1 text-xs text-slate-600">
      <label className="block">
        {a.label}
        <select name={`kies-${index}`} defaultValue={values?.picks[index] ?? ''} className={`${fieldClass} max-w-72 min-w-36`}>
          <option value="">{a.none}</option>
          {choices?.suggested.length ? <optgroup label={a.suggested}>{choices.suggested.map(option)}</optgroup> : null}
          {choices?.others.length ? <optgroup label={a.open}>{choices.others.map(option)}</optgroup> : null}
          <option value="-">{a.ignore}</option>
        </select>
      </label>
      <label className="block">
        {a.note}
        <input
          type="text"
          name={`notitie-${index}`}
          defaultValue={values?.notes[index] ?? ''}
          maxLength={500}
          autoComplete="off"
          className={`${fieldClass} max-w-72`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {error ? (
        <p id={errorId} className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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
  if (match.kind === 'ignored') return <span className="block text-xs break-words text-slate-600">{t.bank.assign.ignored(match.note)}</span>;
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

/** A statement's lines, one card each on a phone; booking sends the picks and assignments of the lines without a match. */
export function StatementPreview({ p, busy, search, lineErrors, values }: { p: Preview; busy: boolean; search: string; lineErrors?: Record<number, string>; values?: Values }) {
  const counts = (
    <ul className="flex flex-wrap gap-2 px-4 py-3" aria-label={t.bank.preview}>
      {(Object.keys(p.counts) as (keyof typeof p.counts)[]).map((k) => (
        <li key={k} data-testid={`count-${k}`}>
          <Badge tone={TONES[k]}>
            {t.bank.counts[k]}: {p.counts[k]}
          </Badge>
        </li>
      ))}
    </ul>
  );
  const book = (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
      <p className="max-w-2xl text-xs text-slate-600">{t.bank.bookIntro}</p>
      <button type="submit" className={smallButton.primary} disabled={busy}>
        {t.bank.book}
      </button>
    </div>
  );
  // A plain GET form of its own (forms do not nest): it narrows the open orders the unmatched lines offer.
  const searchForm =
    p.counts.unmatched > 0 ? (
      <Form method="get" className="flex flex-wrap items-end gap-2 rounded-lg bg-white p-4 ring-1 ring-slate-200" data-testid="bank-search">
        <input type="hidden" name="afschrift" value={p.hash} />
        <label className="text-sm font-medium text-slate-800">
          {t.bank.assign.search}
          <input type="search" name="zoek" defaultValue={search} aria-describedby="bank-zoek-hint" className={`${fieldClass} min-w-56`} />
        </label>
        <button type="submit" className={smallButton.secondary}>
          {t.bank.assign.searchButton}
        </button>
        <p id="bank-zoek-hint" className="w-full text-xs text-slate-500">
          {t.bank.assign.searchHint}
        </p>
      </Form>
    ) : null;
  return (
    <>
      {searchForm}
      <Form method="post" data-testid="bank-preview">
      <input type="hidden" name="intent" value="book" />
      <input type="hidden" name="hash" value={p.hash} />
      <DataList
        title={`${t.bank.preview}: ${t.bank.statement(p.fileName, p.rows.length)}`}
        label={t.bank.preview}
        testId="bank-lines"
        rows={p.rows}
        rowKey={(r) => r.index}
        rowProps={(r) => ({ 'data-testid': `bank-line-${r.index}`, 'data-kind': r.match.kind })}
        empty={t.bank.nothing}
        footer={book}
        columns={[
          { label: t.bank.date, className: 'whitespace-nowrap tabular-nums', cell: (r) => longDate(`${r.line.date}T12:00:00Z`) },
          {
            label: t.bank.amount,
            align: 'right',
            className: 'whitespace-nowrap tabular-nums',
            cell: (r) => (
              <>
                {r.line.credit ? '+' : '−'} {formatMoney(r.line.amountMinor, r.line.currency)}
              </>
            ),
          },
          { label: t.bank.payer, className: 'max-w-40', cell: (r) => r.line.name },
          { label: t.bank.description, className: 'max-w-64 text-xs break-words', cell: (r) => r.line.description },
          {
            label: t.bank.result,
            className: 'min-w-44',
            cell: (r) => (
              <>
                <Badge tone={TONES[r.match.kind]}>{t.bank.counts[r.match.kind]}</Badge>
                <div className="mt-1">
                  {r.match.kind === 'unmatched' ? (
                    <AssignCell index={r.index} choices={p.choices[r.index]} error={lineErrors?.[r.index]} values={values} />
                  ) : (
                    <MatchCell match={r.match} index={r.index} />
                  )}
                </div>
              </>
            ),
          },
        ]}
      >
        {counts}
      </DataList>
      </Form>
    </>
  );
}

export function RecentStatements({ rows, current }: { rows: Recent; current: string | undefined }) {
  return (
    <DataList
      title={t.bank.recent}
      label={t.bank.recent}
      testId="recent-statements"
      rows={rows}
      rowKey={(r) => r.hash}
      empty={t.bank.nothing}
      columns={[
        {
          label: t.bank.statementLabel,
          cell: (r) => (
            <Link to={`/beheer/bank?afschrift=${r.hash}`} className="font-medium break-all text-primary-800 underline underline-offset-2" aria-current={current === r.hash ? 'page' : undefined}>
              {t.bank.statement(r.fileName, r.lines)}
            </Link>
          ),
        },
        { label: t.bank.uploadedAt, className: 'whitespace-nowrap text-slate-600', cell: (r) => `${longDate(r.createdAt)} ${clockTime(r.createdAt)}` },
      ]}
    />
  );
}
