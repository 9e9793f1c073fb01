import type { ReactNode } from 'react';
import { checkout } from '~/i18n/nl/checkout.ts';
import { type FieldMeta, getInputProps } from '~/lib/form.ts';
import { Step } from './checkout-step.tsx';

const t = checkout;

/** Step 3: "same as the shipping address", else the billing fields (`children`). */
export function BillingStep({ meta, same, onSame, children }: { meta: FieldMeta; same: boolean; onSame: (same: boolean) => void; children: ReactNode }) {
  return (
    <Step n={3} title={t.sections.billing}>
      <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
        <input {...getInputProps(meta, { type: 'checkbox', value: 'on' })} onChange={(e) => onSame(e.currentTarget.checked)} className="h-5 w-5 rounded accent-primary-700" />
        {t.billingSame}
      </label>
      {/* Without JavaScript the fields are always there; the server ignores them while the box is ticked. */}
      <div className={same ? 'hidden' : 'mt-4'} data-testid="billing-fields">
        <p className="mb-3 text-sm text-slate-600 js:hidden">{t.billingNoJs}</p>
        {children}
      </div>
      <noscript>
        <style>{`[data-testid="billing-fields"]{display:block!important;margin-top:1rem}`}</style>
      </noscript>
    </Step>
  );
}
