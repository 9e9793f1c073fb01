import type { ReactNode } from 'react';
import { DataList } from '~/components/backoffice/data-list.tsx';
import { smallButton } from './styles.ts';

/**
 * A list row that opens into its own edit form (a `details`, so it works without JavaScript). It stays open after
 * a refused save, so the errors are in view next to their fields.
 */
export function EditableRow({ title, sub, edit, open, children }: { title: ReactNode; sub: ReactNode; edit: string; open: boolean; children: ReactNode }) {
  return (
    <details className="group w-full min-w-0 text-left" open={open || undefined}>
      <summary className="flex cursor-pointer list-none items-start justify-between gap-3 [&::-webkit-details-marker]:hidden">
        <span className="min-w-0">
          <span className="font-medium text-slate-900">{title}</span>
          <span className="mt-1 line-clamp-2 block text-sm font-normal break-words whitespace-normal text-slate-600">{sub}</span>
        </span>
        <span className={smallButton.quiet}>{edit}</span>
      </summary>
      <div className="mt-4 space-y-3 border-t border-slate-100 pt-4 font-normal whitespace-normal">{children}</div>
    </details>
  );
}

/** A titled list of editable rows (DataList, so phones get cards); `children` go above the rows (an add form). */
export function EditableList<R extends { id: number }>({
  title,
  testId,
  rowTestId,
  rows,
  edit,
  summary,
  isOpen,
  editor,
  children,
}: {
  title: string;
  testId: string;
  rowTestId: string;
  rows: readonly R[];
  edit: string;
  summary: (row: R) => { title: ReactNode; sub: ReactNode };
  isOpen: (row: R) => boolean;
  editor: (row: R) => ReactNode;
  children?: ReactNode;
}) {
  const cell = (row: R) => (
    <EditableRow {...summary(row)} edit={edit} open={isOpen(row)}>
      {editor(row)}
    </EditableRow>
  );
  return (
    <DataList label={title} title={title} testId={testId} rows={rows} rowTestId={rowTestId} columns={[{ label: title, hideLabel: true, cell }]} empty={null}>
      {children}
    </DataList>
  );
}
