import { getFormProps, getInputProps, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { ChevronDown, CreditCard, Landmark, Lock, Mail, PackageCheck, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { checkout } from '~/i18n/nl/checkout.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { visitorCart, visitorCartView } from '~/modules/accounts/auth.server.ts';
import { cartContext } from '~/modules/cart/cart.server.ts';
import { quoteCheckout, stateCountries } from '~/modules/checkout/checkout.ts';
import { type AddressView, asFormFields } from '~/modules/accounts/addresses.ts';
import { useAddressModal } from '~/modules/accounts/components/address-modal-trigger.tsx';
import { checkoutAddresses, rememberAddress } from '~/modules/accounts/addresses.server.ts';
import { type CheckoutInput, checkoutSchemaFor } from '~/modules/checkout/checkout.schemas.ts';
import { CheckoutError, placeOrder, shippingOptions } from '~/modules/checkout/checkout.server.ts';
import { AddressFields, type AddressFieldsShape } from '~/modules/accounts/components/address-fields.tsx';
import { SummaryLines, SummaryTotals } from '~/modules/checkout/components/checkout-summary.tsx';
import { Field, FieldError, inputClass } from '~/components/ui/form-field.tsx';
import { RegionTrigger } from '~/components/layout/region-trigger.tsx';
import { Step } from '~/modules/checkout/components/checkout-step.tsx';
import { PreviousAddresses } from '~/modules/checkout/components/previous-addresses.tsx';
import { SavedAddresses } from '~/modules/checkout/components/saved-addresses.tsx';
import { flashCookie, readCookie } from '~/lib/cookies.server.ts';
import { stashGuestAddress } from '~/modules/checkout/guest-address.ts';
import { offeredPaymentOptions, paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { listRegions, regionForRequest } from '~/modules/regions/regions.server.ts';
import { getShopData } from '~/modules/settings/settings.server.ts';
import type { Route } from './+types/checkout.ts';
import { readForm } from '~/lib/form.server.ts';
import { cart as cartText } from '~/i18n/nl/cart.ts';

const t = checkout;

// The form's shape as the browser sends it (app/lib/form.ts types the fields from it).
type CheckoutFields = {
  email: string;
  shipping: AddressFieldsShape;
  billingSame: string;
  billing: AddressFieldsShape;
  shippingMethod: string;
  paymentMethod: string;
  expectedTotal: string;
  currency: string;
  region: string;
  idempotencyKey: string;
  saveAddress: string;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const [ctx, region, shop] = await Promise.all([cartContext(context.db, request), regionForRequest(context.db, request), getShopData(context.db)]);
  const { cart, session } = await visitorCartView(context.db, request, ctx);
  if (cart.lines.length === 0) throw redirect('/besteloverzicht');
  return {
    account: session
      ? { email: session.user.email, ...(await checkoutAddresses(context.db, session.user.id, region, new URL(request.url).searchParams)) }
      : null,
    cart,
    countries: shippingOptions(region),
    paymentOptions: offeredPaymentOptions(shop.paymentOptions, context.payments),
    defaultCountry: cart.country?.iso ?? region.countries[0]?.iso ?? '',
    regionName: region.name,
    // A guest's remembered address may be in a country of another region: its name, to say so.
    countryNames: session ? {} : Object.fromEntries((await listRegions(context.db)).flatMap((r) => r.countries.map((c) => [c.iso, c.name]))),
    currency: ctx.currency,
    region: ctx.regionCode,
    // A new key per visit of the page: a double submit or a retry of this form makes one order.
    idempotencyKey: crypto.randomUUID(),
  };
}

export const headers = privatePageHeaders;

function errorText(e: CheckoutError): string {
  switch (e.code) {
    case 'country_not_allowed':
      return t.errors.countryNotAllowed;
    case 'state_required':
      return t.errors.state;
    case 'shipping_method':
      return t.errors.shippingMethod;
    case 'coupon':
      return t.errors.coupon;
    case 'price_changed':
      return t.errors.priceChanged;
    case 'out_of_stock':
      return t.errors.outOfStock(e.detail ?? '');
    case 'max_seeds':
      return cartText.errors.maxSeeds(Number(e.detail ?? 0));
    case 'empty_cart':
      return t.errors.emptyCart;
    case 'payment_method':
      return t.errors.paymentMethod;
    default:
      return t.errors.tampered;
  }
}

// Refusals that are solved in the cart, not in this form: the message links there.
const CART_PROBLEMS = new Set(['coupon', 'out_of_stock', 'max_seeds', 'empty_cart']);

export async function action({ request, context }: Route.ActionArgs) {
  const [formData, ctx, region, visitor] = await Promise.all([
    readForm(request),
    cartContext(context.db, request),
    regionForRequest(context.db, request),
    visitorCart(context.db, request),
  ]);
  const session = visitor.session;
  const countries = shippingOptions(region);
  const submission = parseWithZod(formData, { schema: checkoutSchemaFor(stateCountries(countries)) });
  if (submission.status !== 'success') return data({ result: submission.reply(), refresh: false, cartProblem: false }, { status: 400 });
  try {
    const placed = await placeOrder(context.db, { cartId: visitor.cartId, form: submission.value, ctx, region, referral: readCookie(request, 'referral') }, paymentDepsFor(context, request));
    // "Adres opslaan in mijn account": only once the order exists, and never at the order's expense.
    if (session && !placed.existing && formData.get('saveAddress') === 'on') {
      const saved = await rememberAddress(context.db, session.user.id, submission.value.shipping).catch((e: unknown) => {
        console.error('saving the checkout address failed', e);
        return 'failed' as const;
      });
      const title = saved === 'saved' ? t.saved.done : saved === 'limit' ? t.saved.limit : null;
      if (title) return redirect(placed.redirect, { headers: { 'Set-Cookie': flashCookie(request, { title }) } });
    }
    return redirect(placed.redirect);
  } catch (e) {
    if (!(e instanceof CheckoutError)) throw e;
    const message = errorText(e);
    // The form has no coupon field: that message goes on top, with the link to the cart.
    const reply = e.field && e.field !== 'coupon' ? { fieldErrors: { [e.field]: [message] } } : { formErrors: [message] };
    return data({ result: submission.reply(reply), refresh: true, cartProblem: CART_PROBLEMS.has(e.code) }, { status: e.code === 'price_changed' ? 409 : 400 });
  }
}

// React Router skips loaders after a 4xx action; a refused order reloads the cart so the page shows the
// server's current figures (new total, stock) and a fresh idempotency key for the next attempt.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as { refresh?: boolean } | undefined)?.refresh === true || defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

const paymentIcons: Record<string, typeof Landmark> = { bank_transfer: Landmark, online: CreditCard, cash_by_mail: Mail };
const carrierIcons = { tracked_parcel: PackageCheck, regular_post: Mail } as const;
const radioCard =
  'flex cursor-pointer items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 transition hover:ring-primary-400 has-[:checked]:bg-primary-50/50 has-[:checked]:ring-2 has-[:checked]:ring-primary-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-600';
const radioInput = 'h-4 w-4 shrink-0 accent-primary-700';

export default function CheckoutPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saved = d.account;
  const billingOwn = !!saved?.billing && saved.billing.id !== saved.shipping?.id;
  // The no-JS pick of a saved address: the checkout again, with that address (and the other one kept) filled in.
  const pickHref = (param: 'verzendadres' | 'factuuradres', id: number) => {
    const ids = { verzendadres: saved?.shipping?.id, factuuradres: billingOwn ? saved?.billing?.id : undefined, [param]: id };
    return `/checkout?${new URLSearchParams(Object.entries(ids).flatMap(([k, v]) => (v == null ? [] : [[k, String(v)]])))}`;
  };
  // Picking a billing address remounts its fields, so the province field follows the new country.
  const [billingKey, setBillingKey] = useState(0);
  const [form, fields] = useForm<CheckoutFields, CheckoutInput>({
    id: 'checkout',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    shouldRevalidate: 'onInput',
    onSubmit: (event) => stashGuestAddress(event.currentTarget),
    defaultValue: {
      email: saved?.email,
      // Without a saved address: today's guest form. With one: its defaults (or the ?verzendadres= pick) filled in.
      billingSame: billingOwn ? '' : 'on',
      shipping: saved?.shipping ? asFormFields(saved.shipping) : { country: d.defaultCountry },
      billing: billingOwn ? asFormFields(saved!.billing!) : { country: d.defaultCountry },
    },
  });
  const shipping = fields.shipping.getFieldset();
  const billing = fields.billing.getFieldset();
  // The totals follow the chosen country and method. Without JavaScript the defaults (or the values
  // sent last time) are shown; `quotedFor` tells the server which choice that total was for, so the
  // shopper's own pick of another method is not mistaken for a price change.
  const [countryIso, setCountryIso] = useState(String(shipping.country.initialValue ?? d.defaultCountry));
  const country = d.countries.find((c) => c.iso === countryIso) ?? d.countries.find((c) => c.iso === d.defaultCountry) ?? d.countries[0]!;
  const [carrier, setCarrier] = useState(String(fields.shippingMethod.initialValue ?? country.rates[0]?.carrier ?? ''));
  const [billingSame, setBillingSame] = useState(fields.billingSame.initialValue !== undefined ? fields.billingSame.initialValue === 'on' : true);
  const rate = country.rates.find((r) => r.carrier === carrier) ?? country.rates[0];
  const quote = quoteCheckout({
    subtotal: d.cart.totals.subtotal,
    discount: d.cart.totals.discount,
    couponFreeShipping: !!d.cart.coupon?.freeShipping,
    rate,
    freeFrom: country.freeFrom,
  });
  const m = (minor: number) => formatMoney(minor, d.currency);
  // A saved address into a section: picked from the list, or just made in the address modal ("Nieuw adres").
  const pickShipping = (a: AddressView) => {
    form.update({ name: fields.shipping.name, value: asFormFields(a) });
    setCountryIso(a.countryIso);
  };
  const pickBilling = (a: AddressView) => {
    form.update({ name: fields.billing.name, value: asFormFields(a) });
    setBillingKey((k) => k + 1);
  };
  const addressModal = useAddressModal();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/checkout';
  // Hidden fields have no place to show a message: a refusal of those goes on top.
  const topErrors = [
    ...new Set([...(form.errors ?? []), ...[fields.expectedTotal, fields.currency, fields.region, fields.idempotencyKey].flatMap((f) => f.errors ?? [])]),
  ];

  return (
    <div className="container-page py-8 sm:py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t.title}</h1>
      <p className="mt-2 text-slate-600">{t.intro}</p>

      {/* Mobile: the order folds open above the form (a <details>, so it works without JavaScript too). */}
      <details className="group mt-6 rounded-3xl bg-white ring-1 ring-slate-200 lg:hidden" data-testid="mobile-summary">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-3xl px-5 py-4 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center gap-2 text-sm font-semibold text-primary-800">
            <span className="group-open:hidden">{t.showSummary}</span>
            <span className="hidden group-open:inline">{t.hideSummary}</span>
            <ChevronDown className="h-4 w-4 transition group-open:rotate-180" aria-hidden />
          </span>
          <span className="text-lg font-bold text-slate-900 tabular-nums">{m(quote.total)}</span>
        </summary>
        <div className="border-t border-slate-100 px-5 pb-5">
          <SummaryLines cart={d.cart} />
          <div className="border-t border-slate-200 pt-3">
            <SummaryTotals cart={d.cart} countryName={country.name} shipping={quote.shipping} total={quote.total} />
          </div>
        </div>
      </details>

      <Form method="post" {...getFormProps(form)} className="mt-6 grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-8">
        <div className="space-y-5">
          {topErrors.length ? (
            <div
              role="alert"
              id={form.errorId}
              className="rounded-2xl bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200"
              data-testid="form-error"
            >
              <p>{topErrors.join(' ')}</p>
              {actionData?.cartProblem ? (
                <Link to="/besteloverzicht" className="mt-2 inline-block font-semibold text-red-900 underline">
                  {t.editCart}
                </Link>
              ) : null}
            </div>
          ) : null}
          <input type="hidden" name="expectedTotal" value={quote.total} />
          <input type="hidden" name="quotedFor" value={`${country.iso}:${rate?.carrier ?? ''}`} />
          <input type="hidden" name="currency" value={d.currency} />
          <input type="hidden" name="region" value={d.region} />
          <input type="hidden" name="idempotencyKey" value={d.idempotencyKey} />

          <Step n={1} title={t.sections.contact}>
            <Field label={t.fields.email} meta={fields.email} hint={t.fields.emailHint}>
              <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" inputMode="email" className={inputClass} />
            </Field>
          </Step>

          <Step n={2} title={t.sections.shipping}>
            {saved?.defaultOutsideRegion ? (
              <div role="status" data-testid="default-outside-region" className="mb-4 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
                <p className="font-semibold">{t.saved.outsideTitle}</p>
                <p className="mt-1">{t.saved.outside(saved.defaultOutsideRegion.country, saved.defaultOutsideRegion.region)}</p>
                <RegionTrigger testId="outside-change-region" className="mt-2 inline-block font-semibold text-amber-900 underline underline-offset-2">
                  {t.saved.changeRegion}
                </RegionTrigger>
              </div>
            ) : null}
            {saved ? (
              <SavedAddresses
                addresses={saved.addresses}
                value={fields.shipping.value}
                hrefFor={(id) => pickHref('verzendadres', id)}
                onPick={pickShipping}
                addProps={addressModal.linkProps(null, pickShipping)}
                kind="shipping"
                testId="saved-shipping"
              />
            ) : null}
            {saved ? null : (
              <PreviousAddresses
                countryName={(iso) => d.countryNames[iso.trim().toUpperCase()] ?? iso}
                region={{ name: d.regionName, countries: d.countries.map((c) => c.iso) }}
                fallbackFocus={() => document.getElementById(shipping.firstName.id)}
                onUse={(remembered) => {
                  // Only an address in the region can be picked; its country is never replaced by another.
                  const iso = d.countries.find((c) => c.iso.toLowerCase() === remembered.shipping.country.trim().toLowerCase())?.iso;
                  if (!iso) return;
                  if (!fields.email.value) form.update({ name: fields.email.name, value: remembered.email });
                  form.update({ name: fields.shipping.name, value: { ...remembered.shipping, country: iso } });
                  setCountryIso(iso);
                }}
              />
            )}
            <AddressFields meta={shipping} countries={d.countries} section="shipping" country={country} onCountry={setCountryIso} />
            {saved ? (
              <label className="mt-4 flex cursor-pointer items-start gap-3 text-sm text-slate-800">
                <input
                  {...getInputProps(fields.saveAddress, { type: 'checkbox', value: 'on' })}
                  className="mt-0.5 h-5 w-5 shrink-0 rounded accent-primary-700"
                />
                <span>
                  <span className="block font-medium">{t.saved.save}</span>
                  <span className="block text-slate-600">{t.saved.saveHint}</span>
                </span>
              </label>
            ) : null}
          </Step>

          <Step n={3} title={t.sections.billing}>
            <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
              <input
                {...getInputProps(fields.billingSame, { type: 'checkbox', value: 'on' })}
                onChange={(e) => setBillingSame(e.currentTarget.checked)}
                className="h-5 w-5 rounded accent-primary-700"
              />
              {t.billingSame}
            </label>
            {/* Without JavaScript the fields are always there; the server ignores them while the box is ticked. */}
            <div className={billingSame ? 'hidden' : 'mt-4'} data-testid="billing-fields">
              <p className="mb-3 text-sm text-slate-600 js:hidden">{t.billingNoJs}</p>
              {saved ? (
                <SavedAddresses
                  addresses={saved.addresses}
                  value={fields.billing.value}
                  hrefFor={(id) => pickHref('factuuradres', id)}
                  onPick={pickBilling}
                  addProps={addressModal.linkProps(null, pickBilling)}
                  kind="billing"
                  testId="saved-billing"
                />
              ) : null}
              <AddressFields key={billingKey} meta={billing} countries={d.countries} section="billing" />
            </div>
            <noscript>
              <style>{`[data-testid="billing-fields"]{display:block!important;margin-top:1rem}`}</style>
            </noscript>
          </Step>

          <Step n={4} title={t.sections.method}>
            <fieldset aria-describedby={fields.shippingMethod.errorId}>
              <legend className="sr-only">{t.sections.method}</legend>
              <div className="grid gap-3">
                {country.rates.map((r) => {
                  const Icon = carrierIcons[r.carrier];
                  return (
                    <label key={r.carrier} className={radioCard}>
                      <input
                        type="radio"
                        name={fields.shippingMethod.name}
                        value={r.carrier}
                        checked={rate?.carrier === r.carrier}
                        onChange={() => setCarrier(r.carrier)}
                        className={radioInput}
                      />
                      <Icon className="h-5 w-5 shrink-0 text-slate-500" aria-hidden />
                      <span className="flex-1">
                        <span className="block font-medium text-slate-900">{t.carriers[r.carrier]}</span>
                        <span className="block text-sm text-slate-600">{t.days(r.min, r.max)}</span>
                      </span>
                      <span className={`font-semibold tabular-nums ${quote.freeShipping ? 'text-primary-800' : 'text-slate-900'}`}>
                        {quote.freeShipping ? t.free : m(r.price)}
                      </span>
                    </label>
                  );
                })}
              </div>
              <FieldError meta={fields.shippingMethod} />
            </fieldset>
          </Step>

          <Step n={5} title={t.sections.payment}>
            <fieldset aria-describedby={fields.paymentMethod.errorId}>
              <legend className="sr-only">{t.sections.payment}</legend>
              <div className="grid gap-3">
                {d.paymentOptions.map((p) => {
                  const Icon = paymentIcons[p.id] ?? CreditCard;
                  return (
                    <label key={p.id} className={radioCard}>
                      <input
                        type="radio"
                        name={fields.paymentMethod.name}
                        value={p.id}
                        defaultChecked={fields.paymentMethod.initialValue === p.id}
                        className={radioInput}
                      />
                      <Icon className="h-5 w-5 shrink-0 text-slate-500" aria-hidden />
                      <span className="flex-1">
                        <span className="block font-medium text-slate-900">{p.name}</span>
                        <span className="block text-sm text-slate-600">{p.description}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
              <FieldError meta={fields.paymentMethod} />
            </fieldset>
          </Step>
        </div>

        <aside className="lg:sticky lg:top-24" aria-labelledby="checkout-summary-title">
          <div className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" data-testid="checkout-summary">
            <h2 id="checkout-summary-title" className="text-lg font-semibold text-slate-900">
              {t.summary}
            </h2>
            <div className="mt-2 hidden lg:block">
              <SummaryLines cart={d.cart} />
            </div>
            <div className="mt-3 border-slate-200 lg:border-t lg:pt-3">
              <SummaryTotals cart={d.cart} countryName={country.name} shipping={quote.shipping} total={quote.total} testIds />
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
      </Form>
      {/* Outside the checkout's <Form> also in React's tree: the modal's own form must not bubble into it. */}
      {addressModal.modal}
    </div>
  );
}
