import { getFormProps, getTextareaProps, useForm } from '~/lib/form.ts';
import { Form, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import type { AddressSnapshot } from '~/db/schema/commerce.ts';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { formatMoney } from '~/lib/money.ts';
import type { orderDetail } from '~/modules/orders/order-admin.server.ts';
import type { MoneyHistory } from '~/modules/payments/money-history.ts';
import type { receivedSummary } from '~/modules/payments/payments.ts';
import { Alert } from './parts.tsx';
import { fieldClass, smallButton } from './styles.ts';
import { Panel } from './parts.tsx';
import type { ActionReply } from './action-form.tsx';
import { DataList } from './data-list.tsx';
import { Rows, when } from './detail-rows.tsx';

// The order page's read-only sections (/beheer/bestellingen/:number) and its note form; the route composes them.

type Detail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;
type Order = Detail['order'];

export function Address({ title, address }: { title: string; address: AddressSnapshot }) {
  return (
    <Panel title={title}>
      <address className="px-4 py-3 text-sm leading-6 text-slate-700 not-italic">
        {address.firstName} {address.lastName}
        <br />
        {address.line1}
        {address.line2 ? (
          <>
            <br />
            {address.line2}
          </>
        ) : null}
        <br />
        {address.postalCode} {address.city}
        {address.state ? `, ${address.state}` : ''}
        <br />
        {address.countryName}
        <br />
        <span className="text-slate-500">{address.phone}</span>
      </address>
    </Panel>
  );
}

const amountCell = 'whitespace-nowrap tabular-nums';

export function OrderLines({ d }: { d: Detail }) {
  const o = d.order;
  const money = (minor: number) => formatMoney(minor, o.currency);
  const totals = (
    <div className="border-t border-slate-200">
      <Rows
        rows={[
          [t.order.subtotal, money(o.subtotalMinor)],
          [t.order.discount, o.discountMinor ? `− ${money(o.discountMinor)}` : t.order.none],
          [t.order.shipping, money(o.shippingMinor)],
          ...(o.pointsMinor > 0 ? [[t.order.points(o.pointsUsed), <span data-testid="order-points">− {money(o.pointsMinor)}</span>] as [string, React.ReactNode]] : []),
          ...(o.creditMinor > 0 ? [[t.order.credit, <span data-testid="order-credit">− {money(o.creditMinor)}</span>] as [string, React.ReactNode]] : []),
          [o.creditMinor + o.pointsMinor > 0 ? t.order.due : t.order.total, <span className="text-base">{money(o.totalMinor)}</span>],
        ]}
      />
    </div>
  );
  return (
    <DataList
      title={t.order.lines}
      label={t.order.lines}
      testId="order-lines"
      rows={d.lines}
      empty={t.order.none}
      footer={totals}
      columns={[
        {
          label: t.order.product,
          cell: (l) => (
            <>
              <p className="font-medium text-slate-900">{l.productName}</p>
              <p className="text-xs text-slate-500">{t.order.seeds(l.seeds)}</p>
            </>
          ),
        },
        { label: t.order.quantity, align: 'right', className: 'tabular-nums', cell: (l) => l.quantity },
        { label: t.order.unitPrice, align: 'right', className: amountCell, cell: (l) => (l.isFree ? t.order.free : money(l.unitPriceMinor)) },
        { label: t.order.lineTotal, align: 'right', className: amountCell, cell: (l) => (l.isFree ? t.order.free : money(l.unitPriceMinor * l.quantity)) },
      ]}
    />
  );
}

/** "Piet Jansen, Straat 1, 3511 AA Utrecht, Nederland": the address on one line for the summary. */
const oneLine = (a: AddressSnapshot) => [`${a.firstName} ${a.lastName}`, a.line1, a.line2, `${a.postalCode} ${a.city}${a.state ? `, ${a.state}` : ''}`, a.countryName].filter(Boolean).join(', ');

/**
 * The top of the order page: who, the total, the money as it moved (money-history.ts, the customer's own words)
 * with what was received, is still due or was paid too much, and where it goes. Compact, so on a phone the action
 * buttons below it are on the first screen.
 */
export function OrderSummary({
  d,
  money: summary,
  history,
  rows,
}: {
  d: Detail;
  money: ReturnType<typeof receivedSummary>;
  history: MoneyHistory;
  /** The money history as rows (the payments module's moneyRows), computed by the page. */
  rows: { label: string; value: string }[];
}) {
  const o: Order = d.order;
  const money = (minor: number) => formatMoney(minor, o.currency);
  const open = o.status !== 'cancelled';
  const moved = rows.slice(0, history.events.length);
  return (
    <Panel title={t.order.summary}>
      <div data-testid="order-summary">
        <Rows
          rows={[
            [t.order.customer, `${o.shippingAddress.firstName} ${o.shippingAddress.lastName} · ${o.email}`],
            // The order's whole total: what is paid in money (totalMinor), with store credit (ADR 073) and points (ADR 075).
            [t.order.total, <span data-testid="order-total">{money(o.totalMinor + o.creditMinor + o.pointsMinor)}</span>],
            ...moved.map((r): [string, string] => [r.label, r.value]),
          ]}
        />
        <div className="border-t border-slate-100" data-testid="payment-summary">
          <Rows
            rows={[
              [t.order.receivedTotal, money(summary.receivedMinor)],
              [t.order.stillDue, summary.dueMinor > 0 && open ? <span className="text-amber-800">{money(summary.dueMinor)}</span> : null],
              [t.order.overpaid, summary.overMinor > 0 ? <span className="text-red-700">{money(summary.overMinor)}</span> : null],
            ]}
          />
        </div>
        <div className="border-t border-slate-100">
          <Rows rows={[[t.order.shippingAddress, oneLine(o.shippingAddress)]]} />
        </div>
      </div>
    </Panel>
  );
}

/** Staff notes: the newest form key per render, so the same note sent twice is saved once. */
export function OrderNotes({ noteKey, notes, reply }: { noteKey: string; notes: Detail['notes']; reply: ActionReply | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ body: string; key: string }>({
    id: `order-note-${noteKey}`,
    lastResult: navigation.state === 'idle' ? reply?.result : undefined,
    shouldRevalidate: 'onInput',
  });
  return (
    <Panel title={t.order.notes}>
      <div className="p-4">
        <p className="mb-3 text-xs text-slate-500">{t.order.notesIntro}</p>
        {reply?.saved ? <Alert tone="success">{t.order.noteSaved}</Alert> : null}
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          <input type="hidden" name="intent" value="note" />
          <input type="hidden" name="key" value={noteKey} />
          <Field label={t.order.note} meta={fields.body}>
            <textarea {...getTextareaProps(fields.body)} rows={3} className={fieldClass} />
          </Field>
          <button type="submit" className={`${smallButton.primary} w-full`} disabled={navigation.state === 'submitting'}>
            {t.order.noteSubmit}
          </button>
        </Form>
        <ul className="mt-4 space-y-3" data-testid="order-notes">
          {notes.length === 0 ? <li className="text-sm text-slate-500">{t.order.noNotes}</li> : null}
          {notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
              <p className="whitespace-pre-wrap text-slate-900">{n.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {n.author} · {when(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </Panel>
  );
}
