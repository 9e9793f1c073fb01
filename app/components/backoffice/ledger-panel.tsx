import type { ReactNode } from 'react';
import { Ledger } from '~/components/ui/ledger.tsx';
import type { LedgerView } from '~/lib/ledger.ts';
import { Panel } from './parts.tsx';

/** The customer page's store credit or Kiempunten: the balance (children) and, once there are any, the last changes. */
export function LedgerPanel({ title, testId, heading, ledger, ledgerTestId, children }: { title: string; testId: string; heading: string; ledger: LedgerView; ledgerTestId: string; children: ReactNode }) {
  return (
    <Panel title={title}>
      <div className="space-y-3 p-4" data-testid={testId}>
        {children}
        {ledger.lines.length > 0 ? (
          <>
            <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
            <Ledger view={ledger} testId={ledgerTestId} />
          </>
        ) : null}
      </div>
    </Panel>
  );
}
