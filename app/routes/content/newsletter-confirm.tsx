import { data, Link } from 'react-router';
import { MailLinkForm } from '~/components/mail-link-form.tsx';
import { buttonClass } from '~/components/ui/button.ts';
import { newsletter as t } from '~/i18n/nl/newsletter.ts';
import { readForm } from '~/lib/form.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { accountLinksFor } from '~/modules/accounts/auth.server.ts';
import { AuthCard, FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import { type ConfirmOutcome, confirm, readConfirmToken } from '~/modules/newsletter/newsletter.server.ts';
import { clientKey } from '~/lib/client-key.ts';
import type { Route } from './+types/newsletter-confirm.ts';

// The link from the confirmation mail. Opening it changes nothing (mail scanners open links too); the
// button confirms. A bad or expired link says so at once.
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('t') ?? '';
  const read = readConfirmToken(context.secrets.app, token, Date.now());
  return { token, problem: typeof read === 'string' ? read : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await readForm(request)).get('t') ?? '');
  const outcome = await confirm(context.db, token, {
    secret: context.secrets.app,
    origin: accountLinksFor(context, request).origin,
    client: clientKey(request.headers),
    userAgent: request.headers.get('user-agent') ?? '',
  });
  return data({ outcome }, { status: outcome === 'invalid' || outcome === 'expired' ? 400 : 200 });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.confirm.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

const MESSAGES: Record<ConfirmOutcome, string> = {
  confirmed: t.confirm.done,
  confirmed_again: t.confirm.doneAgain,
  already: t.confirm.already,
  invalid: t.confirm.invalid,
  expired: t.confirm.expired,
};

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const outcome: ConfirmOutcome | null = actionData?.outcome ?? loaderData.problem;
  const failed = outcome === 'invalid' || outcome === 'expired';
  return (
    <AuthCard title={t.confirm.title} intro={outcome ? undefined : t.confirm.text}>
      {outcome ? (
        <>
          {failed ? (
            <FormAlert>{MESSAGES[outcome]}</FormAlert>
          ) : (
            <p role="status" className="rounded-2xl bg-primary-50 p-4 text-sm font-medium text-primary-900 ring-1 ring-primary-200" data-testid="newsletter-confirmed">
              {MESSAGES[outcome]}
            </p>
          )}
          <Link to={failed ? '/nieuwsbrief' : '/product'} className={buttonClass(failed ? 'secondary' : 'primary', 'md', 'mt-4 w-full')}>
            {failed ? t.title : t.home}
          </Link>
        </>
      ) : (
        <MailLinkForm token={loaderData.token} label={t.confirm.button} />
      )}
    </AuthCard>
  );
}
