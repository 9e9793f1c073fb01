import { XCircle } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { checkout } from '~/i18n/nl/checkout.ts';
import { order as orderText } from '~/i18n/nl/order.ts';
import type { OrderView } from '../orders.server.ts';

const t = orderText;
const errors = checkout.errors;

/** A failed payment: pick a method and pay again (the form carries the signed link's parts). */
export function RetryPayment({ order, code, options, error }: { order: OrderView; code: string; options: { id: string; name: string; description: string }[]; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'retry';
  return (
    <section className="rounded-3xl bg-red-50 p-5 ring-1 ring-red-200 sm:p-6" aria-labelledby="retry-title" data-testid="payment-failed">
      <p role="alert" className="flex items-start gap-2 font-semibold text-red-900">
        <XCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        {errors.paymentFailed}
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="retry" />
        <input type="hidden" name="bestelling" value={order.number} />
        <input type="hidden" name="code" value={code} />
        <fieldset>
          <legend id="retry-title" className="text-sm font-semibold text-slate-900">
            {t.retryTitle}
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {options.map((p) => (
              <label
                key={p.id}
                className="flex cursor-pointer items-center gap-2 rounded-2xl bg-white p-3 text-sm font-medium text-slate-900 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-primary-600"
              >
                <input type="radio" name="paymentMethod" value={p.id} defaultChecked={p.id === order.paymentMethod} className="h-4 w-4 accent-primary-700" />
                {p.name}
              </label>
            ))}
          </div>
        </fieldset>
        {error ? (
          <p className="text-sm font-medium text-red-800" role="alert" data-testid="retry-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className={buttonClass('primary', 'md')} disabled={busy} data-testid="retry-payment">
          {t.retry}
        </button>
      </Form>
    </section>
  );
}
