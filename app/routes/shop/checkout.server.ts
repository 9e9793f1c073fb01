import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { checkout as t } from '~/i18n/nl/checkout.ts';
import { cart as cartText } from '~/i18n/nl/cart.ts';
import { credit as creditText } from '~/i18n/nl/credit.ts';
import { creditBalanceIn } from '~/modules/credit/credit.server.ts';
import { loyalty as loyaltyText } from '~/i18n/nl/loyalty.ts';
import { pointsBalance, readLoyaltySettings } from '~/modules/loyalty/loyalty.server.ts';
import { levelOf } from '~/modules/loyalty/loyalty.ts';
import { redeemValueMinor } from '~/modules/loyalty/redeem.ts';
import { formatMoney } from '~/lib/money.ts';
import type { Db } from '~/db/client.server.ts';
import { clearCookie, COOKIES, flashCookie, readCookie } from '~/lib/cookies.server.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { visitorCart, visitorCartView } from '~/flows/visitor-cart.server.ts';
import { checkoutAddresses, rememberAddress } from '~/modules/accounts/addresses.server.ts';
import { cartContext } from '~/modules/cart/cart.server.ts';
import { stateCountries } from '~/modules/checkout/checkout.ts';
import { checkoutSchemaFor } from '~/modules/checkout/checkout.schemas.ts';
import { CheckoutError, shippingOptions } from '~/modules/checkout/checkout.server.ts';
import { offeredPaymentOptions, paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { listRegions, regionForRequest } from '~/lib/regions.server.ts';
import { getShopData } from '~/lib/settings.server.ts';
import { placeOrder } from '~/flows/place-order.server.ts';
import type { Route } from './+types/checkout.ts';

// The checkout's server side: the page's data and the order it places (the page is checkout.tsx).

/** Kiempunten at checkout (ADR 075): the balance, what 1 euro costs in points, and the checkbox's sentence. */
async function checkoutPoints(db: Db, userId: number, currency: string) {
  const [balance, settings] = await Promise.all([pointsBalance(db, userId), readLoyaltySettings(db)]);
  const levelPct = levelOf(currency);
  const label = loyaltyText.checkoutUse(balance, formatMoney(redeemValueMinor(balance, levelPct, settings.pointsPerEuroOff), currency));
  return { balance, levelPct, perEuroOff: settings.pointsPerEuroOff, label };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [ctx, region, shop] = await Promise.all([cartContext(context.db, request), regionForRequest(context.db, request), getShopData(context.db)]);
  const { cart, session } = await visitorCartView(context.db, request, ctx);
  if (cart.lines.length === 0) throw redirect('/besteloverzicht');
  return {
    account: session
      ? { email: session.user.email, ...(await checkoutAddresses(context.db, session.user.id, region, new URL(request.url).searchParams)) }
      : null,
    // Store credit in the order's currency (ADR 073): only a logged-in customer has any.
    creditMinor: session ? await creditBalanceIn(context.db, session.user.id, ctx.currency) : 0,
    // Kiempunten (ADR 075): the balance and what 1 euro costs in points; a guest's page asks for neither.
    points: session ? await checkoutPoints(context.db, session.user.id, ctx.currency) : null,
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
      return e.detail === 'credit' ? creditText.errors.insufficient : e.detail === 'points' ? loyaltyText.errors.changed : t.errors.priceChanged;
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
  // The checkout's one form carries no intent; any other intent is a tampered or outdated form.
  return dispatchIntent(formData, { place: () => place(formData) }, { invalid: t.errors.tampered, fallback: 'place' });

  async function place(formData: FormData) {
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
      // The guest's cart is empty now: without its cookie the confirmation and every later page skip reading it
      // (a cached page needs no cart put in). Not on a retry: its cookie may name a cart filled since.
      if (!session && !placed.existing && visitor.cartId) return redirect(placed.redirect, { headers: { 'Set-Cookie': clearCookie(request, COOKIES.cart.name) } });
      return redirect(placed.redirect);
    } catch (e) {
      if (!(e instanceof CheckoutError)) throw e;
      const message = errorText(e);
      // The form has no coupon field: that message goes on top, with the link to the cart.
      const reply = e.field && e.field !== 'coupon' ? { fieldErrors: { [e.field]: [message] } } : { formErrors: [message] };
      return data({ result: submission.reply(reply), refresh: true, cartProblem: CART_PROBLEMS.has(e.code) }, { status: e.code === 'price_changed' ? 409 : 400 });
    }
  }
}
