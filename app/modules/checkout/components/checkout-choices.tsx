import { CreditCard, Landmark, type LucideIcon, Mail, PackageCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { FieldError } from '~/components/ui/form-field.tsx';
import { checkout } from '~/i18n/nl/checkout.ts';
import type { FieldMeta } from '~/lib/form.ts';
import { formatMoney } from '~/lib/money.ts';
import type { ShippingRate } from '../checkout.ts';
import { Step } from './checkout-step.tsx';

const t = checkout;

const paymentIcons: Record<string, LucideIcon> = { bank_transfer: Landmark, online: CreditCard, cash_by_mail: Mail };
const carrierIcons = { tracked_parcel: PackageCheck, regular_post: Mail } as const;
const radioCard =
  'flex cursor-pointer items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 transition hover:ring-primary-400 has-[:checked]:bg-primary-50/50 has-[:checked]:ring-2 has-[:checked]:ring-primary-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-600';
const radioInput = 'h-4 w-4 shrink-0 accent-primary-700';

/** A radio card's icon, name and one line under it. */
function CardText({ icon: Icon, name, detail }: { icon: LucideIcon; name: string; detail: string }) {
  return (
    <>
      <Icon className="h-5 w-5 shrink-0 text-slate-500" aria-hidden />
      <span className="flex-1">
        <span className="block font-medium text-slate-900">{name}</span>
        <span className="block text-sm text-slate-600">{detail}</span>
      </span>
    </>
  );
}

/** A checkout step that is one choice of radio cards, with the field's error below them. */
function RadioStep({ n, title, meta, children }: { n: number; title: string; meta: FieldMeta; children: ReactNode }) {
  return (
    <Step n={n} title={title}>
      <fieldset aria-describedby={meta.errorId}>
        <legend className="sr-only">{title}</legend>
        <div className="grid gap-3">{children}</div>
        <FieldError meta={meta} />
      </fieldset>
    </Step>
  );
}

/** Step 4: the carriers of the chosen country, each with its delivery days and price (or "gratis"). */
export function ShippingMethodStep(props: {
  meta: FieldMeta;
  rates: ShippingRate[];
  chosen: string | undefined;
  onChoose: (carrier: ShippingRate['carrier']) => void;
  freeShipping: boolean;
  currency: string;
}) {
  const { meta, rates, chosen, onChoose, freeShipping } = props;
  return (
    <RadioStep n={4} title={t.sections.method} meta={meta}>
      {rates.map((r) => (
        <label key={r.carrier} className={radioCard}>
          <input type="radio" name={meta.name} value={r.carrier} checked={chosen === r.carrier} onChange={() => onChoose(r.carrier)} className={radioInput} />
          <CardText icon={carrierIcons[r.carrier]} name={t.carriers[r.carrier]} detail={t.days(r.min, r.max)} />
          <span className={`font-semibold tabular-nums ${freeShipping ? 'text-primary-800' : 'text-slate-900'}`}>{freeShipping ? t.free : formatMoney(r.price, props.currency)}</span>
        </label>
      ))}
    </RadioStep>
  );
}

/** Step 5: the payment options the shop offers now. */
export function PaymentStep({ meta, options }: { meta: FieldMeta; options: { id: string; name: string; description: string }[] }) {
  return (
    <RadioStep n={5} title={t.sections.payment} meta={meta}>
      {options.map((p) => (
        <label key={p.id} className={radioCard}>
          <input type="radio" name={meta.name} value={p.id} defaultChecked={meta.initialValue === p.id} className={radioInput} />
          <CardText icon={paymentIcons[p.id] ?? CreditCard} name={p.name} detail={p.description} />
        </label>
      ))}
    </RadioStep>
  );
}
