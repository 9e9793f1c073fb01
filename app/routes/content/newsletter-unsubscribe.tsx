import { data, Link } from 'react-router';
import { MailLinkForm } from '~/components/mail-link-form.tsx';
import { buttonClass } from '~/components/ui/button.ts';
import { newsletter as t } from '~/i18n/nl/newsletter.ts';
import { readForm } from '~/lib/form.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { AuthCard, FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import { subscriberFor, unsubscribe } from '~/modules/newsletter/newsletter.server.ts';
import type { Route } from './+types/newsletter-unsubscribe.ts';

// The link in every newsletter mail. Opening it asks (link scanners must not unsubscribe anyone); the
// button, or a mail program's one-click POST (RFC 8058, `List-Unsubscribe=One-Click`, to this same
// address with the token in the query), unsubscribes.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('t') ?? '';
  const who = await subscriberFor(context.db, token, context.secrets.app);
  return { token, email: who?.email ?? null, unsubscribed: who?.status === 'unsubscribed' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get('t') ?? new URL(request.url).searchParams.get('t') ?? '');
  const done = await unsubscribe(context.db, token, context.secrets.app);
  return data({ done: !!done }, { status: done ? 200 : 400 });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.unsubscribe.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.done || loaderData.unsubscribed;
  const invalid = actionData ? !actionData.done : !loaderData.email;
  return (
    <AuthCard title={t.unsubscribe.title} intro={done || invalid ? undefined : t.unsubscribe.text(loaderData.email!)}>
      {done ? (
        <p role="status" className="rounded-2xl bg-primary-50 p-4 text-sm font-medium text-primary-900 ring-1 ring-primary-200" data-testid="newsletter-unsubscribed">
          {t.unsubscribe.done}
        </p>
      ) : invalid ? (
        <FormAlert>{t.unsubscribe.invalid}</FormAlert>
      ) : (
        <MailLinkForm token={loaderData.token} label={t.unsubscribe.button} />
      )}
      <Link to="/" className={buttonClass('secondary', 'md', 'mt-4 w-full')}>
        {t.home}
      </Link>
    </AuthCard>
  );
}
