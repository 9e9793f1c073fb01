import { MailCheck } from 'lucide-react';
import { data, Form, Link, redirect } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { currentSession, sessionToken } from '~/modules/accounts/auth.server.ts';
import { AuthCard, FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import { peekEmailChange } from '~/modules/accounts/details.server.ts';
import { confirmEmailChange } from '~/flows/link-guest-orders.server.ts';
import type { Route } from './+types/confirm-email-change.ts';
import { readForm } from '~/lib/form.server.ts';
import { SubmitButton } from '~/components/ui/submit-button.tsx';

const t = account.details.confirm;

// The link from the e-mail change mail. Opening it changes nothing (mail scanners open links too);
// the button posts the token. It works logged in or not: the token is the proof.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const pending = await peekEmailChange(context.db, token);
  return pending ? { token, newEmail: pending.newEmail } : { token: null, newEmail: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await readForm(request)).get('token') ?? '');
  const before = await currentSession(context.db, request);
  // This browser keeps its session when it is the owner's; every other session of the account ends.
  const outcome = await confirmEmailChange(context.db, token, { keepSessionToken: sessionToken(request) });
  if (!outcome.ok) return data({ failed: true }, { status: 400 });
  const headers = new Headers();
  headers.append('Set-Cookie', flashCookie(request, { title: t.done, description: t.doneDescription(outcome.email) }));
  return redirect(before?.user.id === outcome.userId ? '/account/details#e-mailadres' : '/inloggen', { headers });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function ConfirmEmailChangePage({ loaderData, actionData }: Route.ComponentProps) {
  const failed = !loaderData.token || actionData?.failed;
  return (
    <AuthCard title={t.title} intro={failed ? undefined : t.intro}>
      {failed ? (
        <>
          <FormAlert>{account.details.errors.emailChangeFailed}</FormAlert>
          <Link to="/account/details#e-mailadres" className={buttonClass('secondary', 'md', 'w-full')}>
            {t.toDetails}
          </Link>
        </>
      ) : (
        <Form method="post">
          <div className="mb-5 flex items-center gap-3 rounded-2xl bg-primary-50 p-4 ring-1 ring-primary-200">
            <MailCheck className="h-6 w-6 shrink-0 text-primary-700" aria-hidden />
            <p className="min-w-0 text-sm">
              <span className="block text-primary-900">{t.newAddress}</span>
              <span className="block font-semibold break-all text-slate-900" data-testid="confirm-new-email">
                {loaderData.newEmail}
              </span>
            </p>
          </div>
          <input type="hidden" name="token" value={loaderData.token ?? ''} />
          <SubmitButton label={t.submit} />
        </Form>
      )}
    </AuthCard>
  );
}
