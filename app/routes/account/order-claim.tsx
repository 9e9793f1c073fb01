import { data } from 'react-router';
import { claims as t } from '~/i18n/nl/claims.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { requireSession } from '~/modules/accounts/auth.server.ts';
import { claimOverview } from '~/modules/claims/claims.server.ts';
import { ClaimPage } from '~/modules/claims/components/claim-page.tsx';
import { findOrder } from '~/modules/orders/orders.server.ts';
import { normaliseOrderNumber } from '~/modules/orders/orders.ts';
import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { claimFormAction, photoLimits, sentLineOf } from '../shop/claim-action.server.ts';
import type { Route } from './+types/order-claim.ts';

// /account/orders/:number/kiemgarantie: the germination guarantee of one of the customer's orders (ADR 074).

/** The customer's own order, or the same 404 as an unknown one (never 403). */
async function ownOrder(context: Route.LoaderArgs['context'], request: Request, param: string) {
  const { user } = await requireSession(context.db, request);
  const number = normaliseOrderNumber(param);
  const order = number ? await findOrder(context.db, number) : null;
  if (!order || order.userId !== user.id) throw data(null, { status: 404 });
  return order;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const order = await ownOrder(context, request, params.number);
  return { ...(await claimOverview(context.db, order)), sent: sentLineOf(request), photoLimits };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const order = await ownOrder(context, request, params.number);
  const back = `/account/orders/${order.number}/kiemgarantie`;
  return dispatchIntent(await readForm(request), { claim: (form) => claimFormAction(context.db, form, order, paymentDepsFor(context, request).links, back) }, { invalid: t.errors.form });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d ? t.pageTitle(d.number) : t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function AccountOrderClaimPage({ loaderData: d, actionData }: Route.ComponentProps) {
  return <ClaimPage data={d} hidden={{}} backHref={`/account/orders/${d.number}`} answer={actionData} />;
}
