import { Link2, type Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { CopyButton } from '~/components/ui/copy-button.tsx';
import { inputClass } from '~/components/ui/form-field.tsx';
import { affiliates } from '~/i18n/nl/affiliates.ts';
import { longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';

// The parts of an approved affiliate's dashboard on /account/affiliate.

const t = affiliates.dashboard;

export function Stat({ icon: Icon, label, value, testId }: { icon: typeof Users; label: string; value: string; testId: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Icon className="h-4 w-4 text-primary-700" aria-hidden />
        {label}
      </p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** The link builder: a GET form, so it works without JavaScript; a target off the shop gives no link. */
export function LinkBuilder({ target, link }: { target: string; link: string | null }) {
  return (
    <section aria-labelledby="linkbouwer" className="mt-6 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-7">
      <h2 id="linkbouwer" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Link2 className="h-5 w-5 text-primary-700" aria-hidden />
        {t.linkBuilder}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.linkBuilderIntro}</p>
      <Form method="get" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" preventScrollReset>
        <div className="flex-1">
          <label htmlFor="pagina" className="text-sm font-medium text-slate-800">
            {t.target}
          </label>
          <input id="pagina" name="pagina" type="text" defaultValue={target} className={inputClass} aria-describedby="link-error" />
        </div>
        <button type="submit" className={buttonClass('primary')}>
          {t.makeLink}
        </button>
      </Form>
      {link ? (
        <div className="mt-4 flex flex-col gap-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center">
          <p className="min-w-0 flex-1 text-sm">
            <span className="block text-slate-600">{t.yourLink}</span>
            <code className="block font-mono text-sm break-all text-slate-900" data-testid="affiliate-link">
              {link}
            </code>
          </p>
          <CopyButton text={link} label={t.copy} copiedLabel={t.copied} className={buttonClass('secondary')} />
        </div>
      ) : (
        <p id="link-error" className="mt-2 text-sm font-medium text-red-700" role="alert">
          {t.linkError}
        </p>
      )}
    </section>
  );
}

type Column = { label: string; numeric?: boolean };

/** A titled table that scrolls sideways on a phone, or a line saying there is nothing yet. */
function TableSection({ id, title, empty, columns, rowsTestId, children }: { id: string; title: string; empty: string | null; columns: Column[]; rowsTestId: string; children: ReactNode }) {
  return (
    <section className="mt-6 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-7">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {empty !== null ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={id}>
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                {columns.map((c, i) => (
                  <th key={c.label} className={['py-2', i < columns.length - 1 && 'pr-4', c.numeric && 'text-right', 'font-medium'].filter(Boolean).join(' ')}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100" data-testid={rowsTestId}>
              {children}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const orderState = (o: { status: string; paymentState: string }) =>
  o.status === 'cancelled' ? t.orderStatus.cancelled : o.paymentState === 'complete' ? t.orderStatus.paid : t.orderStatus.pending;

type AffiliateOrder = { number: string; createdAt: string; status: string; paymentState: string; goodsMinor: number; commissionMinor: number; currency: string };

export function AffiliateOrders({ orders }: { orders: AffiliateOrder[] }) {
  return (
    <TableSection
      id="affiliate-orders-title"
      title={t.ordersTitle}
      empty={orders.length === 0 ? t.noOrders : null}
      columns={[{ label: t.columns.date }, { label: t.columns.order }, { label: t.columns.status }, { label: t.columns.goods, numeric: true }, { label: t.columns.commission, numeric: true }]}
      rowsTestId="affiliate-order-rows"
    >
      {orders.map((o) => (
        <tr key={o.number}>
          <td className="py-2 pr-4 whitespace-nowrap">{longDate(o.createdAt)}</td>
          <td className="py-2 pr-4 font-mono">{o.number}</td>
          <td className="py-2 pr-4">{orderState(o)}</td>
          <td className="py-2 pr-4 text-right tabular-nums">{formatMoney(o.goodsMinor, o.currency)}</td>
          <td className="py-2 text-right tabular-nums">{formatMoney(o.commissionMinor, o.currency)}</td>
        </tr>
      ))}
    </TableSection>
  );
}

type LedgerEntry = {
  id: number;
  kind: keyof typeof t.kinds;
  createdAt: string;
  availableAt: string;
  orderNumber: string | null;
  note: string | null;
  amountMinor: number;
  currency: string;
};

export function AffiliateLedger({ ledger }: { ledger: LedgerEntry[] }) {
  return (
    <TableSection
      id="affiliate-ledger-title"
      title={t.ledgerTitle}
      empty={ledger.length === 0 ? t.noLedger : null}
      columns={[{ label: t.columns.date }, { label: t.columns.what }, { label: t.columns.payableFrom }, { label: t.columns.amount, numeric: true }]}
      rowsTestId="affiliate-ledger-rows"
    >
      {ledger.map((e) => (
        <tr key={e.id}>
          <td className="py-2 pr-4 whitespace-nowrap">{longDate(e.createdAt)}</td>
          <td className="py-2 pr-4">
            {t.kinds[e.kind]}
            {e.orderNumber ? <span className="font-mono text-slate-600"> · {e.orderNumber}</span> : null}
            {e.note ? <span className="block text-xs text-slate-500">{e.note}</span> : null}
          </td>
          <td className="py-2 pr-4 whitespace-nowrap">{e.kind === 'commission' ? longDate(e.availableAt) : '—'}</td>
          <td className={`py-2 text-right tabular-nums ${e.amountMinor < 0 ? 'text-red-700' : 'text-slate-900'}`}>{formatMoney(e.amountMinor, e.currency)}</td>
        </tr>
      ))}
    </TableSection>
  );
}
