import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardSection } from './card-section.tsx';

/** The account overview's card of a balance (store credit, Kiempunten): the balance (children) and the way to its ledger. */
export function BalanceCard({ id, title, testId, to, link, children }: { id: string; title: string; testId: string; to: string; link: string; children: ReactNode }) {
  return (
    <CardSection id={id} title={title} testId={testId}>
      <div className="mt-3">{children}</div>
      <Link to={to} className="mt-3 inline-block text-sm font-semibold text-primary-800 underline">
        {link}
      </Link>
    </CardSection>
  );
}
