import { ArrowDown, ArrowUp, Search } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { fieldClass, scrollArea, table } from './styles.ts';
import { Panel } from './parts.tsx';
import { FilterButtons, ListBar, Pager } from './list-parts.tsx';

/**
 * The back office's one list: a table on wide screens; under 640 px the same rows become cards in which every cell
 * shows its column's label (from `data-label`), so nothing scrolls sideways on a phone and there is one rendering
 * for tests, screen readers and forms.
 */
export type Column<R> = {
  label: string;
  cell: (row: R) => ReactNode;
  /** Extra classes for the cell on wide screens (nowrap, widths); cards undo widths and nowrap themselves. */
  className?: string;
  align?: 'right';
  /** The header is for screen readers only (a column of buttons). */
  hideLabel?: boolean;
  /** The sort values this column's header links to: the first, or the second when the first is current. */
  sort?: readonly [string, string];
};

const card = {
  table: 'max-sm:block max-sm:divide-y-0',
  tbody: 'max-sm:block max-sm:space-y-3 max-sm:divide-y-0 max-sm:p-3',
  tr: 'max-sm:block max-sm:rounded-lg max-sm:p-3 max-sm:ring-1 max-sm:ring-slate-200',
  td: 'max-sm:flex max-sm:max-w-none max-sm:min-w-0 max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:text-right max-sm:wrap-anywhere max-sm:whitespace-normal max-sm:before:max-w-[55%] max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-500 max-sm:before:uppercase max-sm:before:content-[attr(data-label)]',
};

/** A link to the current list with one query parameter changed; any change but the page's own goes back to page 1. */
export function useListHref(pageParam = 'pagina') {
  const [params] = useSearchParams();
  return (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    if (name !== pageParam) next.delete(pageParam);
    return `?${next}`;
  };
}

function SortHeader<R>({ column, param }: { column: Column<R> & { sort: readonly [string, string] }; param: string }) {
  const [params] = useSearchParams();
  const href = useListHref();
  const current = params.get(param);
  const [first, second] = column.sort;
  const active = current === first ? first : current === second ? second : null;
  const Icon = active === first ? ArrowDown : ArrowUp;
  return (
    <Link to={href(param, active === first ? second : first)} className="inline-flex items-center gap-1 hover:text-slate-900">
      {column.label}
      {active ? <Icon className="h-3 w-3" aria-hidden /> : null}
    </Link>
  );
}

type DataListProps<R> = {
  label: string;
  /** A heading above the list (the panel's title), for a list that is one section of a page. */
  title?: string;
  testId: string;
  rows: readonly R[];
  /** A row's React key; by default its `id`. */
  rowKey?: (row: R) => string | number;
  columns: readonly Column<R>[];
  empty: ReactNode;
  /** The bar above the list: how many there are. Its test id is the list's with `-count` for `-table`, or `countTestId`. */
  count?: string;
  countTestId?: string;
  /** A paged list: the bar says which page, the pager links to the others. Without them, one page. */
  page?: number;
  pageCount?: number;
  /** Page links; by default the current query with `pagina` changed. */
  pageHref?: (page: number) => string;
  /** Every row's test id. */
  rowTestId?: string;
  /** A row's test id, data attributes and extra classes (added to the list's own). */
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };
  sortParam?: string;
  /** Render the table's head even without rows (a list whose empty state sits below an empty table). */
  keepTable?: boolean;
  className?: string;
  children?: ReactNode;
  /** What follows the rows inside the list's panel (a form's submit bar). */
  footer?: ReactNode;
};

export function DataList<R>(props: DataListProps<R>) {
  const { label, title, testId, rows, columns, empty, count, page, pageCount, pageHref, rowTestId, rowProps, sortParam = 'sortering', keepTable = false, className, children, footer } = props;
  const rowKey = props.rowKey ?? ((row: R) => (row as { id: string | number }).id);
  const countTestId = props.countTestId ?? testId.replace(/-table$/, '-count');
  const href = useListHref();
  const showTable = rows.length > 0 || keepTable;
  return (
    <Panel title={title} className={className}>
      {count && page !== undefined && pageCount !== undefined ? <ListBar count={count} countTestId={countTestId} page={page} pageCount={pageCount} /> : null}
      {count && pageCount === undefined ? (
        <div className="border-b border-slate-200 px-4 py-2 text-sm text-slate-600" data-testid={countTestId}>
          {count}
        </div>
      ) : null}
      {children}
      {showTable ? (
        <div className="sm:overflow-x-auto" {...scrollArea(label)}>
          <table className={`${table.table} ${card.table}`} data-testid={testId}>
            <thead className="max-sm:hidden">
              <tr>
                {columns.map((c) => (
                  <th key={c.label} className={`${table.th} ${c.align === 'right' ? 'text-right' : ''}`}>
                    {c.hideLabel ? <span className="sr-only">{c.label}</span> : c.sort ? <SortHeader column={{ ...c, sort: c.sort }} param={sortParam} /> : c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={`divide-y divide-slate-100 ${card.tbody}`}>
              {rows.map((row) => {
                const extra = rowProps?.(row);
                return (
                  <tr key={rowKey(row)} data-testid={rowTestId} {...extra} className={`${extra?.className ?? 'hover:bg-slate-50'} ${card.tr}`}>
                    {columns.map((c) => (
                      <td key={c.label} data-label={c.hideLabel ? '' : c.label} className={`${table.td} ${c.align === 'right' ? 'text-right' : ''} ${c.className ?? ''} ${card.td}`}>
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {rows.length === 0 ? <p className="px-4 py-6 text-sm text-slate-600">{empty}</p> : null}
      {footer}
      {page !== undefined && pageCount !== undefined ? <Pager page={page} pageCount={pageCount} href={pageHref ?? ((n) => href('pagina', String(n)))} /> : null}
    </Panel>
  );
}

/** A list's filter bar: a GET form, so filtering works without JavaScript; the buttons come last. */
export function ListFilters({ grid, apply, reset, resetTo, label, role, notice, children }: { grid: string; apply: string; reset: string; resetTo: string; label?: string; role?: 'search'; notice?: ReactNode; children: ReactNode }) {
  return (
    <Panel className="mb-4">
      <Form method="get" role={role} aria-label={label} className={`items-end gap-3 p-4 ${grid}`}>
        {children}
        <div className="col-span-2 flex gap-2 md:col-span-1">
          <FilterButtons apply={apply} reset={reset} resetTo={resetTo} />
        </div>
      </Form>
      {notice ? <p className="px-4 pb-3 text-sm font-medium text-red-700">{notice}</p> : null}
    </Panel>
  );
}

/** A select of a filter bar; its first option (`all`) means no filter. */
export function FilterSelect({ name, label, value, options, all = t.orders.all }: { name: string; label: string; value: string; options: readonly { value: string; label: string }[]; all?: string | null }) {
  return (
    <label className="block text-xs font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={value} className={fieldClass}>
        {all === null ? null : <option value="">{all}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The search field of a filter bar (`zoek`), with its icon. */
export function SearchField({ label, value, placeholder, maxLength, className = 'col-span-2' }: { label: string; value: string; placeholder?: string; maxLength?: number; className?: string }) {
  return (
    <label className={`block text-xs font-medium text-slate-700 ${className}`}>
      {label}
      <span className="relative block">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input type="search" name="zoek" defaultValue={value} placeholder={placeholder} maxLength={maxLength} className={`${fieldClass} pl-8`} />
      </span>
    </label>
  );
}

export function DateFilter({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <label className="block text-xs font-medium text-slate-700">
      {label}
      <input type="date" name={name} defaultValue={value} className={fieldClass} />
    </label>
  );
}
