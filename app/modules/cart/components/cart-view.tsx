import { AlertTriangle, Gift, Minus, Plus, ShoppingBag, Tag, Trash2, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { type FetcherWithComponents, Link, useFetcher } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { useToast } from '~/components/ui/toaster.tsx';
import { JsField } from '~/components/js-field.tsx';
import { formatMoney } from '~/lib/money.ts';
import { StrainImage } from '~/components/strain-image.tsx';
import type { CartActionData, CartLineView, CartView as Cart } from '../cart.server.ts';
import { FreeShipping } from './free-shipping.tsx';
import { cart as cartText } from '~/i18n/nl/cart.ts';
import { LOW_STOCK } from '~/lib/db-enums.ts';

const t = cartText;
const ACTION = '/besteloverzicht';

/**
 * Hidden fields every cart form sends. `js=1` appears only after hydration: it tells the action to
 * answer with data; a plain post (no JavaScript) gets a redirect back to `redirectTo` instead.
 */
function CartFields({ intent, pack }: { intent: string; pack?: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {pack !== undefined ? <input type="hidden" name="pack" value={pack} /> : null}
      <input type="hidden" name="redirectTo" value={ACTION} />
      <JsField />
    </>
  );
}

const failed = (f: { state: string; data?: CartActionData }) => (f.state === 'idle' && f.data && !f.data.ok ? f.data.error : null);

/** The one cart component: the side panel ("panel") and /besteloverzicht ("page") both render it. */
export function CartView({ cart, variant }: { cart: Cart | null; variant: 'panel' | 'page' }) {
  const page = variant === 'page';
  const headingId = useId();
  if (!cart || cart.lines.length === 0) {
    return <EmptyCart page={page} />;
  }
  const m = (minor: number) => formatMoney(minor, cart.currency);
  const flagged = cart.lines.some((l) => l.unitPrice === null || l.quantity > l.stock);
  // Landmarks on the page only: the panel is a dialog, and both may be open on /besteloverzicht.
  const Section = page ? 'section' : 'div';

  const lines = (
    <Section aria-labelledby={page ? headingId : undefined} className={page ? 'rounded-3xl bg-white px-4 ring-1 ring-slate-200 sm:px-6' : ''}>
      <h2 id={headingId} className={page ? 'pt-5 text-lg font-semibold text-slate-900' : 'sr-only'}>
        {t.linesHeading}
      </h2>
      <ul className="divide-y divide-slate-100" data-testid="cart-lines">
        {cart.lines.map((l) => (
          <CartLine key={l.packId} line={l} currency={cart.currency} page={page} />
        ))}
        {cart.totals.freeLines.map((f) => (
          <GiftLine key={`gift-${f.packId}`} line={f} page={page} />
        ))}
      </ul>
      {cart.totals.promotionsExcluded ? (
        <p className={`flex items-start gap-2 rounded-2xl bg-slate-50 px-3 py-2.5 text-sm text-slate-700 ${page ? 'mb-5' : 'mt-1'}`} data-testid="promotions-excluded">
          <Gift className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          {t.promotionsExcluded}
        </p>
      ) : null}
      {cart.totals.nextPromotion ? (
        <p className={`flex items-start gap-2 rounded-2xl bg-amber-50 px-3 py-2.5 text-sm text-amber-950 ${page ? 'mb-5' : 'mt-1'}`} data-testid="next-promotion">
          <Gift className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
          {t.nextPromotion(m(cart.totals.nextPromotion.remaining), cart.totals.nextPromotion.name)}
        </p>
      ) : null}
    </Section>
  );

  const checkoutBlock = <CheckoutBlock cart={cart} page={page} flagged={flagged} />;

  return (
    <div className={page ? 'grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:gap-8' : 'flex flex-col gap-5'} data-testid="cart" data-variant={variant}>
      {lines}
      <Section aria-label={page ? t.summaryHeading : undefined} className={page ? 'rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6 lg:sticky lg:top-24' : 'border-t border-slate-200 pt-5'}>
        {page ? <h2 className="mb-4 text-lg font-semibold text-slate-900">{t.summaryHeading}</h2> : null}
        <FreeShipping cart={cart} className="mb-4" />
        <SeedCounter count={cart.totals.seedCount} max={cart.maxSeeds} />
        <CouponForm cart={cart} />
        <CartTotals cart={cart} />
        {page ? checkoutBlock : null}
      </Section>
      {page ? null : checkoutBlock}
    </div>
  );
}

  // In the panel the total and "Afrekenen" stay in view while the lines scroll: a direct child of the scrolling
  // content (so sticky spans it), pulled over the sheet's 1rem padding (-bottom-4, -mx-5, -mb-4).
function CheckoutBlock({ cart, page, flagged }: { cart: Cart; page: boolean; flagged: boolean }) {
  const m = (minor: number) => formatMoney(minor, cart.currency);
  return (
    <div className={page ? 'mt-3 border-t border-slate-200 pt-3' : 'sticky -bottom-4 z-10 -mx-5 -mt-2 -mb-4 border-t border-slate-200 bg-white px-5 pt-3 pb-4 shadow-[0_-8px_16px_-12px_rgb(15_23_42/0.25)]'}>
      <dl className="flex items-baseline justify-between gap-4">
        <dt className="text-base font-semibold text-slate-900">{t.total}</dt>
        <dd className="text-xl font-extrabold text-slate-900 tabular-nums" data-testid="cart-total">
          {m(cart.totals.total)}
        </dd>
      </dl>
      <p className="mt-1 text-xs text-slate-500">{t.totalNote}</p>
      {flagged ? (
        <p className="mt-3 flex items-center gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="cart-flagged">
          <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
          {t.flagged}
        </p>
      ) : null}
      <Link to="/checkout" className={buttonClass('primary', 'lg', `${page ? 'mt-5' : 'mt-3'} w-full focus-visible:ring-4 focus-visible:ring-primary-300 focus-visible:outline-none`)} data-testid="cart-checkout">
        {t.checkout}
      </Link>
      {page ? (
        <Link to="/collecties" className={buttonClass('ghost', 'md', 'mt-2 w-full')}>
          {t.continueShopping}
        </Link>
      ) : (
        <Link to="/besteloverzicht" className={buttonClass('secondary', 'md', 'mt-2 w-full')} data-testid="cart-view-page">
          {t.viewCart}
        </Link>
      )}
    </div>
  );
}

function EmptyCart({ page }: { page: boolean }) {
  return (
    <div className={`flex flex-col items-center text-center ${page ? 'rounded-3xl bg-white px-6 py-14 ring-1 ring-slate-200' : 'py-10'}`} data-testid="cart-empty">
      <div className="flex h-16 w-16 items-center justify-center rounded-full bg-primary-50 text-primary-700">
        <ShoppingBag className="h-8 w-8" aria-hidden />
      </div>
      <p className="mt-4 font-semibold text-slate-900">{t.empty}</p>
      <p className="mt-1 text-sm text-slate-600">{t.emptyHint}</p>
      <Link to="/collecties" className={buttonClass('primary', 'md', 'mt-6')}>
        {t.browse}
      </Link>
    </div>
  );
}

type GiftLineView = Cart['totals']['freeLines'][number];

function GiftLine({ line, page }: { line: GiftLineView; page: boolean }) {
  return (
    <li className="flex items-center gap-3 py-4 sm:gap-4" data-testid="cart-gift">
      <div className="relative shrink-0">
        <StrainImage slug={line.slug} alt="" sizes={page ? '96px' : '64px'} width={page ? 96 : 64} height={page ? 96 : 64} className={`${page ? 'h-20 w-20 sm:h-24 sm:w-24' : 'h-16 w-16'} rounded-xl`} />
        <span className="absolute -right-1.5 -bottom-1.5 flex h-6 w-6 items-center justify-center rounded-full bg-amber-400 text-amber-950 ring-2 ring-white">
          <Gift className="h-3.5 w-3.5" aria-hidden />
        </span>
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <Link to={`/product/${line.slug}`} className="font-semibold text-slate-900 hover:text-primary-800">
          {line.name}
        </Link>
        <p className="text-slate-600">
          {t.seeds(line.seeds * line.quantity)} · {t.gift}
        </p>
      </div>
      <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-900 uppercase">{t.free}</span>
    </li>
  );
}

function CartTotals({ cart }: { cart: Cart }) {
  const m = (minor: number) => formatMoney(minor, cart.currency);
  return (
    <dl className="mt-5 space-y-2 text-sm" data-testid="cart-totals">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t.subtotal}</dt>
        <dd className="font-medium text-slate-900 tabular-nums" data-testid="cart-subtotal">
          {m(cart.totals.subtotal)}
        </dd>
      </div>
      {cart.totals.discount > 0 ? (
        <div className="flex justify-between gap-4 text-primary-800">
          <dt>
            {t.discount}
            {cart.coupon ? <span className="ml-1 font-mono text-xs font-semibold">{cart.coupon.code}</span> : null}
          </dt>
          <dd className="font-semibold tabular-nums" data-testid="cart-discount">
            −{m(cart.totals.discount)}
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{cart.country ? t.shippingTo(cart.country.name) : t.shipping}</dt>
        <dd className={`font-medium tabular-nums ${cart.totals.shipping === 0 ? 'text-primary-800' : 'text-slate-900'}`} data-testid="cart-shipping">
          {cart.totals.shipping === 0 ? t.free : m(cart.totals.shipping)}
        </dd>
      </div>
    </dl>
  );
}

const stepButton =
  'flex h-9 w-9 items-center justify-center rounded-full text-slate-700 transition hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none disabled:opacity-40';

function CartLine({ line: l, currency, page }: { line: CartLineView; currency: string; page: boolean }) {
  // One fetcher per line for −, the number, + and remove; keyed so the panel and the page share its state.
  const fetcher = useFetcher<CartActionData>({ key: `cart-line-${l.packId}` });
  const { toast } = useToast();
  const errorId = useId();
  const pendingIntent = fetcher.formData?.get('intent');
  const pendingQuantity = Number(fetcher.formData?.get('quantity'));
  // Optimistic: the quantity being saved, and a line being removed is hidden at once.
  const quantity = pendingIntent === 'set-quantity' && Number.isInteger(pendingQuantity) && pendingQuantity > 0 ? pendingQuantity : l.quantity;
  const error = failed(fetcher);
  const removeFailed = error && fetcher.data?.intent === 'remove' ? error : null;
  useEffect(() => {
    // The line vanished optimistically, so a failed removal is also announced as a toast.
    if (removeFailed) toast({ title: removeFailed, type: 'foreground' });
  }, [removeFailed, toast]);
  if (pendingIntent === 'remove') return null;

  const unsold = l.unitPrice === null;
  const short = l.quantity > l.stock;
  const size = page ? 96 : 64;
  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-testid="cart-line" data-pack={l.packId} data-flagged={unsold || short ? 'true' : undefined}>
      <Link to={`/product/${l.slug}`} className="shrink-0 rounded-xl focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none" tabIndex={-1} aria-hidden>
        <StrainImage slug={l.slug} alt="" sizes={`${size}px`} width={size} height={size} className={`${page ? 'h-20 w-20 sm:h-24 sm:w-24' : 'h-16 w-16'} rounded-xl`} />
      </Link>
      <div className="min-w-0 flex-1">
        <LineInfo line={l} quantity={quantity} currency={currency} />
        <div className="mt-2.5
 flex items-center justify-between gap-3">
          <LineStepper fetcher={fetcher} line={l} quantity={quantity} invalid={!!error} errorId={errorId} />
          <RemoveLine fetcher={fetcher} line={l} page={page} />
        </div>
        <p id={errorId} aria-live="polite" className="mt-1.5 text-sm font-medium text-red-700 empty:mt-0" data-testid="line-error">
          {error}
        </p>
      </div>
    </li>
  );
}

/** The line's name, pack, price each, a stock warning and the line total. */
function LineInfo({ line: l, quantity, currency }: { line: CartLineView; quantity: number; currency: string }) {
  const m = (minor: number) => formatMoney(minor, currency);
  const unsold = l.unitPrice === null;
  const short = l.quantity > l.stock;
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <Link to={`/product/${l.slug}`} className="font-semibold text-slate-900 hover:text-primary-800" data-testid="line-name">
          {l.name}
        </Link>
        <p className="text-sm text-slate-600">
          <span data-testid="line-seeds">{t.seeds(l.seeds)}</span> · {unsold ? <span className="font-medium text-red-700">{t.notSoldHere}</span> : t.each(m(l.unitPrice!))}
        </p>
        {short ? (
          <p className="mt-0.5 flex items-center gap-1 text-sm font-medium text-red-700" data-testid="line-stock">
            <AlertTriangle className="h-3.5 w-3.5" aria-hidden />
            {cartText.errors.stock(l.stock)}
          </p>
        ) : l.stock <= (l.lowStock ?? LOW_STOCK) ? (
          <p className="mt-0.5 text-xs font-medium text-amber-700">{t.lowStock(l.stock)}</p>
        ) : null}
      </div>
      <p className="shrink-0 font-semibold text-slate-900 tabular-nums" data-testid="line-total">
        {unsold ? '—' : m(l.unitPrice! * quantity)}
      </p>
    </div>
  );
}

function RemoveLine({ fetcher, line: l, page }: { fetcher: FetcherWithComponents<CartActionData>; line: CartLineView; page: boolean }) {
  return (
    <fetcher.Form method="post" action={ACTION}>
      <CartFields intent="remove" pack={l.packId} />
      <button
        type="submit"
        aria-label={t.remove(l.name)}
        className="flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm text-slate-600 transition hover:bg-red-50 hover:text-red-700 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none"
        data-testid="line-remove"
      >
        <Trash2 className="h-4 w-4" aria-hidden />
        <span className={page ? 'hidden sm:inline' : 'sr-only'}>{t.removeShort}</span>
      </button>
    </fetcher.Form>
  );
}

/** −, the number and +: each its own form on the line's fetcher. The number is sent when it loses focus. */
function LineStepper({ fetcher, line: l, quantity, invalid, errorId }: { fetcher: FetcherWithComponents<CartActionData>; line: CartLineView; quantity: number; invalid: boolean; errorId: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = useId();
  const submitDraft = (form: HTMLFormElement | null) => {
    const n = Number(draft);
    setDraft(null);
    if (form && draft !== null && Number.isInteger(n) && n >= 1 && n <= 99 && n !== quantity) void fetcher.submit(form);
  };
  return (
    <div className="inline-flex items-center rounded-full bg-white ring-1 ring-slate-300" data-testid="line-stepper">
      <fetcher.Form method="post" action={ACTION}>
        <CartFields intent={quantity <= 1 ? 'remove' : 'set-quantity'} pack={l.packId} />
        {quantity > 1 ? <input type="hidden" name="quantity" value={quantity - 1} /> : null}
        <button type="submit" aria-label={quantity <= 1 ? t.remove(l.name) : t.decrease(l.name)} className={stepButton} data-testid="line-decrease">
          <Minus className="h-4 w-4" aria-hidden />
        </button>
      </fetcher.Form>
      <fetcher.Form method="post" action={ACTION} onSubmit={() => setDraft(null)}>
        <CartFields intent="set-quantity" pack={l.packId} />
        <label htmlFor={inputId} className="sr-only">
          {t.quantityOf(l.name)}
        </label>
        <input
          id={inputId}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          step={1}
          required
          value={draft ?? String(quantity)}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={(e) => submitDraft(e.currentTarget.form)}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
          data-testid="line-quantity"
          className="h-9 w-10 [appearance:textfield] bg-transparent text-center text-sm font-semibold text-slate-900 tabular-nums focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
      </fetcher.Form>
      <fetcher.Form method="post" action={ACTION}>
        <CartFields intent="set-quantity" pack={l.packId} />
        <input type="hidden" name="quantity" value={quantity + 1} />
        <button type="submit" aria-label={t.increase(l.name)} disabled={quantity >= 99} className={stepButton} data-testid="line-increase">
          <Plus className="h-4 w-4" aria-hidden />
        </button>
      </fetcher.Form>
    </div>
  );
}

function SeedCounter({ count, max }: { count: number; max: number }) {
  const full = count >= max;
  return (
    <p className={`mb-4 flex items-center justify-between gap-3 text-xs ${full ? 'font-semibold text-amber-800' : 'text-slate-600'}`} title={t.seedLimitHint}>
      <span data-testid="seed-counter">{t.seedCounter(count, max)}</span>
      <span className="h-1.5 w-24 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        <span className={`block h-full rounded-full ${full ? 'bg-amber-500' : 'bg-slate-400'}`} style={{ width: `${Math.min(100, Math.round((count / max) * 100))}%` }} />
      </span>
    </p>
  );
}

function CouponForm({ cart }: { cart: Cart }) {
  const apply = useFetcher<CartActionData>({ key: 'cart-coupon' });
  const remove = useFetcher<CartActionData>({ key: 'cart-coupon-remove' });
  const inputId = useId();
  const errorId = useId();
  const applyError = failed(apply);
  const removeError = failed(remove);
  if (cart.coupon && remove.state === 'idle') {
    return (
      <div className="rounded-2xl bg-primary-50 px-3 py-2.5 ring-1 ring-primary-100" data-testid="applied-coupon">
        <remove.Form method="post" action={ACTION} className="flex items-center justify-between gap-2">
          <CartFields intent="remove-coupon" />
          <p className="flex min-w-0 items-center gap-2 text-sm text-primary-900">
            <Tag className="h-4 w-4 shrink-0" aria-hidden />
            <span>
              {t.couponLabel}{' '}
              <code className="rounded-md bg-white px-1.5 py-0.5 font-mono text-xs font-bold tracking-wider ring-1 ring-primary-200" data-testid="applied-coupon-code">
                {cart.coupon.code}
              </code>
            </span>
          </p>
          <button
            type="submit"
            aria-label={t.couponRemove}
            className="rounded-full p-1.5 text-primary-900 transition hover:bg-primary-100 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none"
            data-testid="remove-coupon"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </remove.Form>
        {cart.coupon.problem ? (
          <p className="mt-1.5 flex items-start gap-1.5 text-sm text-amber-900" data-testid="coupon-problem">
            <AlertTriangle className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
            {t.couponProblem[cart.coupon.problem]}
          </p>
        ) : null}
        <p aria-live="polite" className="text-sm font-medium text-red-700 empty:mt-0">
          {removeError}
        </p>
      </div>
    );
  }
  return (
    <apply.Form method="post" action={ACTION} data-testid="coupon-form">
      <CartFields intent="apply-coupon" />
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {t.couponLabel}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={inputId}
          name="code"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t.couponPlaceholder}
          maxLength={40}
          aria-invalid={applyError ? true : undefined}
          aria-describedby={errorId}
          className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2 font-mono text-sm tracking-wide uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case focus:border-primary-600 focus:ring-2 focus:ring-primary-200 focus:outline-none aria-[invalid]:border-red-600"
        />
        <button type="submit" className={buttonClass('secondary', 'md', 'shrink-0 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none')} disabled={apply.state !== 'idle'}>
          {t.couponApply}
        </button>
      </div>
      <p id={errorId} aria-live="polite" className="mt-1.5 text-sm font-medium text-red-700 empty:mt-0" data-testid="coupon-error">
        {applyError ?? removeError}
      </p>
    </apply.Form>
  );
}
