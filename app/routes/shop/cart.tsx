import { ArrowLeft } from 'lucide-react';
import { data, Link, redirect } from 'react-router';
import { flashCookie, setCookie } from '~/lib/cookies.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { visitorCart, visitorCartView } from '~/flows/visitor-cart.server.ts';
import { type CartActionData, cartContext, getCart, runCartAction } from '~/modules/cart/cart.server.ts';
import { parseCartForm } from '~/modules/cart/cart.schemas.ts';
import { CartView } from '~/modules/cart/components/cart-view.tsx';
import { safeRedirect } from '~/lib/routing.ts';
import type { Route } from './+types/cart.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { cart as cartText } from '~/i18n/nl/cart.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cart } = await visitorCartView(context.db, request, await cartContext(context.db, request));
  return { cart };
}

export const headers = privatePageHeaders;

/**
 * THE cart action: intents add | set-quantity | remove | apply-coupon | remove-coupon.
 *
 * No-JS detection: enhanced forms carry a hidden `js=1` that is rendered only after hydration, so a
 * plain HTML post (JavaScript off, or a click before hydration) never has it. Those get a redirect
 * back (`redirectTo`, same-site only) with a flash message; fetchers get data with the fresh cart.
 * A refusal the customer can act on (stock, seed limit, coupon) is a normal answer (200, ok: false);
 * only input our forms never send (tampered values) is a 400.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // Every intent reads the same form; the cart's schema tells them apart (and refuses their bad values).
  const run = (form: FormData) => change(form, request, context);
  return dispatchIntent(form, { add: run, 'set-quantity': run, remove: run, 'apply-coupon': run, 'remove-coupon': run }, { invalid: cartText.errors.staleForm });
}

async function change(form: FormData, request: Request, context: Route.ActionArgs['context']) {
  const enhanced = form.get('js') === '1';
  const parsed = parseCartForm(form);
  const [ctx, { session, cartId: before }] = await Promise.all([cartContext(context.db, request), visitorCart(context.db, request)]);
  const userId = session?.user.id ?? null;
  const result = parsed.ok ? await runCartAction(context.db, before, parsed.action, ctx, userId) : { cartId: before, error: parsed.error, field: parsed.field };
  const headers = new Headers();
  // A guest's cart cookie is renewed on every change, so an active cart does not expire; a customer's cart is found by their account.
  if (userId === null && parsed.ok && !result.error && result.cartId) headers.append('Set-Cookie', setCookie(request, 'cart', result.cartId));
  const intent = parsed.ok ? parsed.action.intent : parsed.intent;

  if (enhanced) {
    const cart = await getCart(context.db, result.cartId, ctx);
    const pack = parsed.ok && 'pack' in parsed.action ? parsed.action.pack : null;
    const body: CartActionData = { ok: !result.error, intent, pack, error: result.error ?? null, field: result.field ?? null, cart };
    return data(body, { status: parsed.ok ? 200 : 400, headers });
  }
  const done = !parsed.ok ? null : parsed.action.intent === 'add' ? cartText.added : parsed.action.intent === 'apply-coupon' ? cartText.couponApplied(parsed.action.code.toUpperCase()) : cartText.updated;
  headers.append('Set-Cookie', flashCookie(request, { title: result.error ?? done ?? cartText.updated }));
  return redirect(safeRedirect(form.get('redirectTo'), '/besteloverzicht'), { headers });
}

export const meta: Route.MetaFunction = () => [
  { title: `${cartText.pageTitle} | Kiemkracht` },
  { name: 'description', content: cartText.pageIntro },
  { name: 'robots', content: 'noindex' },
];

export default function CartPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8 sm:py-10">
      <Link to="/collecties" className="inline-flex items-center gap-1.5 rounded-full text-sm font-medium text-slate-600 hover:text-primary-800">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {cartText.continueShopping}
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{cartText.pageTitle}</h1>
      <p className="mt-2 text-slate-600">{cartText.pageIntro}</p>
      <div className="mt-8">
        <CartView cart={loaderData.cart} variant="page" />
      </div>
    </div>
  );
}
