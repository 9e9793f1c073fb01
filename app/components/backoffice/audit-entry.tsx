import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import type { AuditText } from '~/lib/audit-text.ts';

/** One audit entry: the sentence, its changes as "veld: oud → nieuw", and (owner only) the raw values behind a <details>. */
export function AuditEntry({ entry }: { entry: AuditText & { raw: string | null } }) {
  return (
    <div className="min-w-0 text-left break-words whitespace-normal">
      <p className="font-medium text-slate-900" data-testid="audit-sentence">
        {entry.sentence}
      </p>
      {entry.changes.length ? (
        <ul className="mt-1 space-y-0.5 text-sm text-slate-600" aria-label={t.auditText.changes}>
          {entry.changes.map((c) => (
            <li key={c.label}>
              <span className="text-slate-500">{c.label}:</span> {c.before === null ? null : <>{c.before} → </>}
              <span className="text-slate-900">{c.after ?? t.auditText.empty}</span>
            </li>
          ))}
          {entry.more ? <li className="text-slate-500">{t.auditText.more(entry.more)}</li> : null}
        </ul>
      ) : null}
      {entry.raw ? (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-primary-800 hover:underline">{t.auditText.details}</summary>
          <pre className="mt-1 max-h-80 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-700">{entry.raw}</pre>
        </details>
      ) : null}
    </div>
  );
}
