import { order } from '~/i18n/nl/order.ts';
import { Landmark, Mail } from 'lucide-react';
import { formatMoney } from '~/lib/money.ts';
import type { OrderView } from '../orders.server.ts';
import { longDate } from '~/lib/format.ts';

const t = order;

/** Bank transfer or cash-by-mail instructions for an open payment (the order number is the reference). */
export function PaymentInstructions({ instructions: i }: { instructions: NonNullable<OrderView['instructions']> }) {
  if (i.kind === 'online') return null;
  const amount = formatMoney(i.amount, i.currency);
  const Icon = i.kind === 'bank_transfer' ? Landmark : Mail;
  return (
    <section className="rounded-3xl bg-amber-50 p-5 ring-1 ring-amber-200 sm:p-6" aria-labelledby="payment-instructions-title" data-testid="payment-instructions">
      <h2 id="payment-instructions-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon className="h-5 w-5 text-amber-800" aria-hidden />
        {i.kind === 'bank_transfer' ? t.payWith : t.payCash}
      </h2>
      {i.kind === 'bank_transfer' ? (
        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 rounded-2xl bg-white p-4 text-sm ring-1 ring-amber-100">
          <dt className="text-slate-600">{t.accountName}</dt>
          <dd className="font-medium text-slate-900">{i.account.name}</dd>
          <dt className="text-slate-600">{t.iban}</dt>
          <dd className="font-mono font-semibold break-all text-slate-900" data-testid="instructions-iban">
            {i.account.iban}
          </dd>
          <dt className="text-slate-600">{t.bic}</dt>
          <dd className="font-mono text-slate-900">{i.account.bic}</dd>
          <dt className="text-slate-600">{t.amount}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{amount}</dd>
          <dt className="text-slate-600">{t.reference}</dt>
          <dd className="font-mono font-semibold text-slate-900" data-testid="instructions-reference">
            {i.reference}
          </dd>
        </dl>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-800">{t.cashSteps(i.reference)}</p>
          <address className="mt-3 rounded-2xl bg-white p-4 text-sm text-slate-900 not-italic ring-1 ring-amber-100">
            {i.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <p className="mt-3 text-sm text-slate-800">
            {t.amount}: <strong className="tabular-nums">{amount}</strong> · {t.reference}: <strong className="font-mono">{i.reference}</strong>
          </p>
        </>
      )}
      <p className="mt-4 text-sm text-slate-700">{t.dueBy(longDate(i.dueDate))}</p>
    </section>
  );
}
