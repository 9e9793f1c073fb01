import { ChevronDown, Lock, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { checkout } from '~/i18n/nl/checkout.ts';
import { formatMoney } from '~/lib/money.ts';
import type { CartView } from '~/modules/cart/cart.server.ts';
import { SummaryLines, SummaryTotals } from './checkout-summary.tsx';

const t = checkout;

type Quote = { shipping: number; total: number; credit?: number; points?: number };

/** Mobile: the order folds open above the form (a <details>, so it works without JavaScript too). */
export function MobileSummary({ cart, countryName, quote }: { cart: CartView; countryName: string; quote: Quote }) {
  return (
    <details className="group mt-6 rounded-3xl bg-white ring-1 ring-slate-200 lg:hidden" data-testid="mobile-summary">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-3xl px-5 py-4 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2 text-sm font-semibold text-primary-800">
          <span className="group-open:hidden">{t.showSummary}</span>
          <span className="hidden group-open:inline">{t.hideSummary}</span>
          <ChevronDown className="h-4 w-4 transition group-open:rotate-180" aria-hidden />
        </span>
        <span className="text-lg font-bold text-slate-900 tabular-nums">{formatMoney(quote.total - (quote.credit ?? 0) - (quote.points ?? 0), cart.currency)}</span>
      </summary>
      <div className="border-t border-slate-100 px-5 pb-5">
        <SummaryLines cart={cart} />
        <div className="border-t border-slate-200 pt-3">
          <SummaryTotals cart={cart} countryName={countryName} shipping={quote.shipping} total={quote.total} credit={quote.credit} points={quote.points} />
        </div>
      </div>
    </details>
  );
}

/** The order beside the form (its lines from lg up), with the button that places it. */
export function SummaryAside({ cart, countryName, quote, busy }: { cart: CartView; countryName: string; quote: Quote; busy: boolean }) {
  return (
    <aside className="lg:sticky lg:top-24" aria-labelledby="checkout-summary-title">
      <div className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" data-testid="checkout-summary">
        <h2 id="checkout-summary-title" className="text-lg font-semibold text-slate-900">
          {t.summary}
        </h2>
        <div className="mt-2 hidden lg:block">
          <SummaryLines cart={cart} />
        </div>
        <div className="mt-3 border-slate-200 lg:border-t lg:pt-3">
          <SummaryTotals cart={cart} countryName={countryName} shipping={quote.shipping} total={quote.total} credit={quote.credit} points={quote.points} testIds />
        </div>
        <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', 'mt-6 w-full')} data-testid="place-order">
          <Lock className="h-4 w-4" aria-hidden />
          {busy ? t.submitting : t.submit}
        </button>
        <p className="mt-3 flex items-start gap-2 text-xs text-slate-600">
          <ShieldCheck className="h-4 w-4 shrink-0 text-primary-700" aria-hidden />
          {t.secure}
        </p>
        <p className="mt-2 text-xs text-slate-500">{t.terms}</p>
        <Link to="/besteloverzicht" className="mt-3 inline-block text-sm font-medium text-primary-800 hover:underline">
          {t.editCart}
        </Link>
      </div>
    </aside>
  );
}

/** Messages without a field of their own (the form's, and the hidden fields'), on top; a cart problem links there. */
export function CheckoutErrors({ id, errors, cartProblem }: { id: string; errors: string[]; cartProblem: boolean }) {
  if (!errors.length) return null;
  return (
    <div role="alert" id={id} className="rounded-2xl bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200" data-testid="form-error">
      <p>{errors.join(' ')}</p>
      {cartProblem ? (
        <Link to="/besteloverzicht" className="mt-2 inline-block font-semibold text-red-900 underline">
          {t.editCart}
        </Link>
      ) : null}
    </div>
  );
}
