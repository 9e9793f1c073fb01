import { data, Form, Link, redirect } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { TOKEN_PATTERN } from '~/modules/accounts/accounts.schemas.ts';
import { verifyEmail } from '~/flows/link-guest-orders.server.ts';
import { startSession } from '~/flows/visitor-cart.server.ts';
import { AuthCard, FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import type { Route } from './+types/verify-email.ts';
import { readForm } from '~/lib/form.server.ts';
import { SubmitButton } from '~/components/ui/submit-button.tsx';

const t = account;

// The link from the confirmation mail. Opening it changes nothing (mail scanners open links too);
// the button posts the token, which confirms the address and logs the customer in.
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token: TOKEN_PATTERN.test(token) ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await readForm(request)).get('token') ?? '');
  const user = await verifyEmail(context.db, token);
  if (!user) return data({ failed: true }, { status: 400 });
  const headers = new Headers();
  const started = await startSession(context.db, request, user.id);
  for (const cookie of started.cookies) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', flashCookie(request, { title: t.verifySuccess, description: started.cartTrimmed ? t.cartTrimmed : undefined }));
  return redirect('/account', { headers });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.verify.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const failed = !loaderData.token || actionData?.failed;
  return (
    <AuthCard title={t.verify.title} intro={failed ? undefined : t.verify.intro}>
      {failed ? (
        <>
          <FormAlert>{t.errors.verifyFailed}</FormAlert>
          <Link to="/wachtwoord-vergeten" className={buttonClass('secondary', 'md', 'w-full')}>
            {t.forgot.title}
          </Link>
        </>
      ) : (
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token ?? ''} />
          <SubmitButton label={t.verify.submit} />
        </Form>
      )}
    </AuthCard>
  );
}
