import { getFormProps, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { logInSchema } from '~/modules/accounts/accounts.schemas.ts';
import { attemptLogIn, currentSession } from '~/modules/accounts/auth.server.ts';
import { startSession } from '~/flows/visitor-cart.server.ts';
import { AuthCard } from '~/modules/accounts/components/auth-card.tsx';
import { LoginFields, type LoginFormFields } from '~/modules/accounts/components/login-fields.tsx';
import { WishlistNotice } from '~/modules/accounts/components/wishlist-notice.tsx';
import type { Route } from './+types/login.ts';
import { readForm } from '~/lib/form.server.ts';

const t = account;

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await currentSession(context.db, request);
  return { loggedInAs: current?.user.name ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: logInSchema });
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  const attempt = await attemptLogIn(context.db, request, submission.value.email, submission.value.password);
  if (!attempt.ok) {
    const message = attempt.reason === 'rate_limited' ? t.errors.tooManyRequests : attempt.reason === 'blocked' ? t.errors.blocked : t.errors.loginFailed;
    return data({ result: submission.reply({ formErrors: [message], hideFields: ['password'] }) }, { status: attempt.reason === 'rate_limited' ? 429 : attempt.reason === 'blocked' ? 403 : 401 });
  }
  const headers = new Headers();
  const started = await startSession(context.db, request, attempt.user.id);
  for (const cookie of started.cookies) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', flashCookie(request, { title: t.loginSuccess, description: started.cartTrimmed ? t.cartTrimmed : undefined }));
  return redirect(submission.value.redirectTo, { headers });
}

export const meta: Route.MetaFunction = () => [{ title: `${t.login.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [form, fields] = useForm<LoginFormFields>({ id: 'login', lastResult: navigation.state === 'idle' ? actionData?.result : undefined });
  if (loaderData.loggedInAs) {
    return (
      <AuthCard title={t.login.title}>
        <p className="text-slate-800" data-testid="logged-in">
          {t.login.loggedIn(loaderData.loggedInAs)}
        </p>
        <Link to="/account" className={buttonClass('primary', 'md', 'mt-5 w-full')}>
          {t.login.toAccount}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t.login.title}
      intro={t.login.intro}
      footer={
        <>
          {t.login.noAccount}{' '}
          <Link to="/registreren" className="font-semibold text-primary-800 underline">
            {t.login.register}
          </Link>
        </>
      }
    >
      {params.get('reden') === 'verlanglijst' ? <WishlistNotice redirectTo={params.get('redirectTo')} /> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <LoginFields form={form} fields={fields} redirectTo={params.get('redirectTo') ?? '/account'} submitting={navigation.state === 'submitting'} />
      </Form>
    </AuthCard>
  );
}
