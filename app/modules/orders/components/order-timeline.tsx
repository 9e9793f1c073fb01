import { order } from '~/i18n/nl/order.ts';
import { Check, Circle, Truck } from 'lucide-react';
import type { OrderView } from '../orders.server.ts';
import { longDate } from '~/lib/format.ts';

const t = order;

/** SPEC §4 shipment timeline (Besteld → In behandeling → Verzonden) with dates, delivery estimate and tracking. */
export function OrderTimeline({ order }: { order: OrderView }) {
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="shipment-title" data-testid="shipment">
      <h2 id="shipment-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Truck className="h-5 w-5 text-slate-500" aria-hidden />
        {t.shipment}
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="carrier">
        {t.carriers[order.carrier]}
      </p>
      {order.partlyShipped ? <p className="mt-3 text-sm font-medium text-slate-900">{t.partlyShipped}</p> : null}
      {order.shipments.map((s, n) => (
        <Parcel key={n} order={order} shipment={s} n={n} />
      ))}
      {order.toShip.length > 0 ? (
        <LineList title={t.toShip} lines={order.toShip} className="mt-5 rounded-2xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-100" testId="to-ship" />
      ) : null}
    </section>
  );
}

type Shipment = OrderView['shipments'][number];

/** What still has to go, or what one parcel of several holds: "2 × Amnesia Haze (5 zaden)". */
function LineList({ title, lines, className, testId }: { title: string; lines: Shipment['lines']; className?: string; testId?: string }) {
  return (
    <div className={className} data-testid={testId}>
      <p className="font-medium text-slate-900">{title}:</p>
      <ul className="list-disc pl-5">
        {lines.map((l, i) => (
          <li key={i}>{t.lineCount(l.quantity, l.name, l.seeds)}</li>
        ))}
      </ul>
    </div>
  );
}

/** One parcel: its steps with dates, the delivery estimate, its tracking link and (when sent in parts) its contents. */
function Parcel({ order, shipment: s, n }: { order: OrderView; shipment: Shipment; n: number }) {
  // The step the order is at now, for assistive technology (aria-current).
  const current = s.timeline.filter((step) => step.done).at(-1)?.step;
  // An order sent in parts: each parcel with its own heading, carrier and contents.
  const parcels = order.shipments.length > 1 || order.partlyShipped;
  return (
    <div className="mt-5" data-testid="parcel">
      {parcels ? (
        <h3 className="mb-2 text-sm font-semibold text-slate-900">
          {t.parcel(n + 1)} · <span className="font-normal text-slate-600">{t.carriers[s.carrier]}</span>
        </h3>
      ) : null}
      <ol className="grid gap-3 sm:grid-cols-3" aria-label={t.timeline} data-testid="timeline">
        {s.timeline.map((step) => (
          <li
            key={step.step}
            aria-current={step.step === current ? 'step' : undefined}
            className={`flex items-center gap-3 rounded-2xl p-3 ring-1 ${step.done ? 'bg-primary-50 ring-primary-100' : 'bg-slate-50 ring-slate-100'}`}
            data-done={step.done}
          >
            <span
              className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${step.done ? 'bg-primary-700 text-white' : 'bg-white text-slate-400 ring-1 ring-slate-300'}`}
            >
              {step.done ? <Check className="h-4 w-4" aria-hidden /> : <Circle className="h-3 w-3" aria-hidden />}
            </span>
            <span className="text-sm">
              <span className={`block font-medium ${step.done ? 'text-slate-900' : 'text-slate-600'}`}>
                {t.steps[step.step]}
                <span className="sr-only"> ({step.done ? t.stepDone : t.stepOpen})</span>
              </span>
              {step.at ? (
                <time dateTime={step.at} className="block text-slate-600">
                  {longDate(step.at)}
                </time>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-4 space-y-1 text-sm text-slate-700">
        {s.sentAt ? <p>{t.sentOn(longDate(s.sentAt))}</p> : null}
        {s.estimatedDelivery ? (
          <p className="font-medium text-slate-900" data-testid="estimated-delivery">
            {t.expected(longDate(s.estimatedDelivery.from), longDate(s.estimatedDelivery.to))}
          </p>
        ) : (
          <p>{t.expectedAfterPayment(order.deliveryMinDays, order.deliveryMaxDays)}</p>
        )}
        {s.trackingCode ? (
          <p data-testid="tracking">
            {t.tracking}: <span className="font-mono font-semibold">{s.trackingCode}</span>{' '}
            {s.trackingUrl ? (
              <a href={s.trackingUrl} className="font-medium text-primary-800 underline" rel="noopener noreferrer" target="_blank">
                {t.track}
              </a>
            ) : null}
          </p>
        ) : null}
        {parcels && s.lines.length > 0 ? (
          <LineList title={t.inParcel} lines={s.lines} />
        ) : null}
      </div>
    </div>
  );
}
