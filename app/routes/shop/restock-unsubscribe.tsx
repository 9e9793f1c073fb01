import { data } from 'react-router';
import { restock as t } from '~/i18n/nl/restock.ts';
import { readForm } from '~/lib/form.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { TokenStep } from '~/modules/accounts/components/token-step.tsx';
import { restockSubscriberFor, unsubscribeRestock } from '~/modules/restock/restock.server.ts';
import type { Route } from './+types/restock-unsubscribe.ts';

// The link in every back-in-stock mail (ADR 068). Opening it asks; the button, or a mail program's one-click
// POST (RFC 8058, to this address with the token in the query), removes every subscription of the address.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('t') ?? '';
  const who = await restockSubscriberFor(context.db, token);
  return { token, email: who?.email ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get('t') ?? new URL(request.url).searchParams.get('t') ?? '');
  const done = await unsubscribeRestock(context.db, token);
  return data({ done: !!done }, { status: done ? 200 : 400 });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.unsubscribe.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function RestockUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.done;
  const invalid = actionData ? !actionData.done : !loaderData.email;
  return (
    <TokenStep
      title={t.unsubscribe.title}
      intro={loaderData.email ? t.unsubscribe.text(loaderData.email) : undefined}
      token={loaderData.token}
      button={t.unsubscribe.button}
      outcome={done ? { ok: true, message: t.unsubscribe.done } : invalid ? { ok: false, message: t.unsubscribe.invalid } : null}
      next={{ to: '/', label: t.home }}
    />
  );
}
