import { getFormProps, getInputProps, useForm } from '~/lib/form.ts';
import { useState } from 'react';
import { Form, type ShouldRevalidateFunctionArgs, useNavigation } from 'react-router';
import { checkout } from '~/i18n/nl/checkout.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { quoteCheckout } from '~/modules/checkout/checkout.ts';
import { type AddressView, asFormFields } from '~/modules/accounts/addresses.ts';
import { useAddressModal } from '~/modules/accounts/components/address-modal-trigger.tsx';
import type { CheckoutFields, CheckoutInput } from '~/modules/checkout/checkout.schemas.ts';
import { AddressFields } from '~/modules/accounts/components/address-fields.tsx';
import { BillingStep } from '~/modules/checkout/components/billing-step.tsx';
import { CheckoutErrors, MobileSummary, SummaryAside } from '~/modules/checkout/components/checkout-aside.tsx';
import { PaymentStep, ShippingMethodStep } from '~/modules/checkout/components/checkout-choices.tsx';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { RegionTrigger } from '~/components/layout/region-trigger.tsx';
import { Step } from '~/modules/checkout/components/checkout-step.tsx';
import { PreviousAddresses } from '~/modules/checkout/components/previous-addresses.tsx';
import { SavedAddresses } from '~/modules/checkout/components/saved-addresses.tsx';
import { stashGuestAddress } from '~/modules/checkout/guest-address.ts';
import { CreditChoice } from '~/modules/credit/components/credit-choice.tsx';
import { creditToUse } from '~/modules/credit/credit.ts';
import { PointsChoice } from '~/modules/loyalty/components/points-choice.tsx';
import { redeemPoints } from '~/modules/loyalty/redeem.ts';
import type { Route } from './+types/checkout.ts';

const t = checkout;

export { action, loader } from './checkout.server.ts';

export const headers = privatePageHeaders;

// React Router skips loaders after a 4xx action; a refused order reloads the cart so the page shows the
// server's current figures (new total, stock) and a fresh idempotency key for the next attempt.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as { refresh?: boolean } | undefined)?.refresh === true || defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

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
  // "Tegoed gebruiken": with JavaScript the summary shows the credit and what is left to pay at once; without it
  // the rule stands beside the checkbox and the order page shows the amounts.
  const [useCredit, setUseCredit] = useState(fields.useCredit.initialValue === 'on');
  const [usePoints, setUsePoints] = useState(fields.usePoints.initialValue === 'on');
  const points = usePoints && d.points ? redeemPoints(d.points.balance, quote.total, d.points.levelPct, d.points.perEuroOff).minor : 0;
  const shown = { ...quote, points, credit: useCredit ? creditToUse(d.creditMinor, quote.total - points) : 0 };
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
  // A section's saved addresses: with JavaScript a pick fills the section, without it the link reloads the checkout with it.
  const savedPicker = (kind: 'shipping' | 'billing') => {
    if (!saved) return null;
    const pick = kind === 'shipping' ? pickShipping : pickBilling;
    const hrefFor = (id: number) => pickHref(kind === 'shipping' ? 'verzendadres' : 'factuuradres', id);
    return <SavedAddresses addresses={saved.addresses} value={fields[kind].value} hrefFor={hrefFor} onPick={pick} addProps={addressModal.linkProps(null, pick)} kind={kind} testId={`saved-${kind}`} />;
  };
  const busy = navigation.state !== 'idle' && navigation.formAction === '/checkout';
  // Hidden fields have no place to show a message: a refusal of those goes on top.
  const topErrors = [
    ...new Set([...(form.errors ?? []), ...[fields.expectedTotal, fields.creditBalanceMinor, fields.pointsBalance, fields.currency, fields.region, fields.idempotencyKey].flatMap((f) => f.errors ?? [])]),
  ];

  return (
    <div className="container-page py-8 sm:py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t.title}</h1>
      <p className="mt-2 text-slate-600">{t.intro}</p>

      <MobileSummary cart={d.cart} countryName={country.name} quote={shown} />

      <Form method="post" {...getFormProps(form)} className="mt-6 grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-8">
        <div className="space-y-5">
          <CheckoutErrors id={form.errorId} errors={topErrors} cartProblem={!!actionData?.cartProblem} />
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
            {savedPicker('shipping')}
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
                <input {...getInputProps(fields.saveAddress, { type: 'checkbox', value: 'on' })} className="mt-0.5 h-5 w-5 shrink-0 rounded accent-primary-700" />
                <span>
                  <span className="block font-medium">{t.saved.save}</span>
                  <span className="block text-slate-600">{t.saved.saveHint}</span>
                </span>
              </label>
            ) : null}
          </Step>

          <BillingStep meta={fields.billingSame} same={billingSame} onSame={setBillingSame}>
            {savedPicker('billing')}
            <AddressFields key={billingKey} meta={billing} countries={d.countries} section="billing" />
          </BillingStep>

          <ShippingMethodStep
            meta={fields.shippingMethod}
            rates={country.rates}
            chosen={rate?.carrier}
            onChoose={setCarrier}
            freeShipping={quote.freeShipping}
            currency={d.currency}
          />
          {d.points && d.points.balance > 0 ? (
            <PointsChoice balance={d.points.balance} label={d.points.label} checked={usePoints} onChange={setUsePoints} />
          ) : null}
          {d.creditMinor > 0 || fields.useCredit.errors ? (
            <CreditChoice balanceMinor={d.creditMinor} currency={d.currency} checked={useCredit} onChange={setUseCredit} meta={fields.useCredit} />
          ) : null}
          <PaymentStep meta={fields.paymentMethod} options={d.paymentOptions} />
        </div>

        <SummaryAside cart={d.cart} countryName={country.name} quote={shown} busy={busy} />
      </Form>
      {/* Outside the checkout's <Form> also in React's tree: the modal's own form must not bubble into it. */}
      {addressModal.modal}
    </div>
  );
}
