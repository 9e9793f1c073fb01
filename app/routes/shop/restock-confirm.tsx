import { data } from 'react-router';
import { restock as t } from '~/i18n/nl/restock.ts';
import { readForm } from '~/lib/form.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { TokenStep } from '~/modules/accounts/components/token-step.tsx';
import { type ConfirmOutcome, confirmRestockMail } from '~/modules/restock/restock.server.ts';
import type { Route } from './+types/restock-confirm.ts';

// The link in a guest's confirmation mail for "Mail me als het er weer is" (ADR 068).
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('t') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await readForm(request)).get('t') ?? '');
  const { outcome, slug } = await confirmRestockMail(context.db, token);
  return data({ outcome, slug: slug ?? null }, { status: outcome === 'invalid' || outcome === 'expired' ? 400 : 200 });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.confirm.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

const MESSAGES: Record<ConfirmOutcome, string> = {
  confirmed: t.confirm.done,
  in_stock: t.confirm.inStock,
  already: t.confirm.already,
  invalid: t.confirm.invalid,
  expired: t.confirm.expired,
};

export default function RestockConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData ? { ok: actionData.outcome !== 'invalid' && actionData.outcome !== 'expired', message: MESSAGES[actionData.outcome] } : null;
  return (
    <TokenStep
      title={t.confirm.title}
      intro={t.confirm.text}
      token={loaderData.token}
      button={t.confirm.button}
      outcome={outcome}
      next={actionData?.slug ? { to: `/product/${actionData.slug}`, label: t.confirm.toProduct } : { to: '/product', label: t.home }}
    />
  );
}
