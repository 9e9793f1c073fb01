import { Info } from 'lucide-react';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { longDate } from '~/lib/format.ts';
import { type FieldMeta, getInputProps, getSelectProps } from '~/lib/form.ts';
import { couponKinds } from '~/modules/cart/cart.ts';
import { fieldClass } from '~/components/backoffice/styles.ts';
import { Panel } from '~/components/backoffice/parts.tsx';
import { Options } from '~/components/ui/options.tsx';

// The fields a single code, a batch of codes and a promotion share, so the three forms ask the same way.

const t = backoffice.coupons;

/** The discount: its kind, the percentage or amount, the minimum order. `shows` says which value field is on the page. */
export function CouponValueFields({ f, shows }: { f: Record<'kind' | 'percent' | 'amount' | 'minOrder', FieldMeta>; shows: (kind: string) => boolean }) {
  return (
    <>
      <Field label={t.kind} meta={f.kind} className="sm:col-span-2">
        <select {...getSelectProps(f.kind)} className={fieldClass}>
          <Options items={couponKinds} label={(k) => t.kinds[k]} />
        </select>
      </Field>
      {shows('percent') ? (
        <Field label={t.percent} meta={f.percent} hint={t.percentHint}>
          <input {...getInputProps(f.percent, { type: 'text' })} inputMode="numeric" className={fieldClass} />
        </Field>
      ) : null}
      {shows('fixed') ? (
        <Field label={t.amount} meta={f.amount} hint={t.amountHint}>
          <input {...getInputProps(f.amount, { type: 'text' })} inputMode="decimal" className={fieldClass} />
        </Field>
      ) : null}
      <Field label={t.minOrderLabel} meta={f.minOrder} hint={t.minOrderHint}>
        <input {...getInputProps(f.minOrder, { type: 'text' })} inputMode="decimal" className={fieldClass} />
      </Field>
    </>
  );
}

/** From which day and until which day a code or promotion counts (both optional). */
export function ValidityFields({ f }: { f: Record<'validFrom' | 'validUntil', FieldMeta> }) {
  return (
    <>
      <Field label={t.validFrom} meta={f.validFrom} hint={t.validHint}>
        <input {...getInputProps(f.validFrom, { type: 'date' })} className={fieldClass} />
      </Field>
      <Field label={t.validUntil} meta={f.validUntil}>
        <input {...getInputProps(f.validUntil, { type: 'date' })} className={fieldClass} />
      </Field>
    </>
  );
}

/** Whether a code may be used together with a promotion; described by the stacking rule beside the form. */
export function CombinesField({ meta, className = '' }: { meta: FieldMeta; className?: string }) {
  return (
    <label className={`flex items-start gap-2 text-sm font-medium text-slate-800 ${className}`}>
      <input {...getInputProps(meta, { type: 'checkbox' })} aria-describedby="stacking-rule" className="mt-0.5 h-4 w-4 rounded accent-primary-700" />
      <span>{t.combines}</span>
    </label>
  );
}

/** The stacking rule as staff need it next to the form (ADR 035; the pricing core enforces it). */
export function StackingRule() {
  return (
    <Panel>
      <div id="stacking-rule" className="p-4 text-sm text-slate-700">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <Info className="h-4 w-4 text-primary-700" aria-hidden /> {t.stackingTitle}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {t.stacking.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </div>
    </Panel>
  );
}

/** A code's or promotion's validity as one phrase for a list. */
export function validityText(v: { validFrom: Date | string | null; validUntil: Date | string | null }) {
  if (v.validFrom && v.validUntil) return t.fromTo(longDate(v.validFrom), longDate(v.validUntil));
  if (v.validFrom) return t.from(longDate(v.validFrom));
  if (v.validUntil) return t.until(longDate(v.validUntil));
  return t.always;
}
