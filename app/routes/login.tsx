import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { logInSchema } from '~/modules/accounts/accounts.schemas.ts';
import { attemptLogIn, currentSession, startSession } from '~/modules/accounts/auth.server.ts';
import { AuthCard, FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import { WishlistNotice } from '~/modules/accounts/components/wishlist-notice.tsx';
import type { Route } from './+types/login.ts';

const t = account;

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await currentSession(context.db, request);
  return { loggedInAs: current?.user.name ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: logInSchema });
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  const attempt = await attemptLogIn(context.db, request, submission.value.email, submission.value.password);
  if (!attempt.ok) {
    const message = attempt.reason === 'rate_limited' ? t.errors.tooManyRequests : t.errors.loginFailed;
    return data({ result: submission.reply({ formErrors: [message], hideFields: ['password'] }) }, { status: attempt.reason === 'rate_limited' ? 429 : 401 });
  }
  const headers = new Headers();
  headers.append('Set-Cookie', await startSession(context.db, request, attempt.user.id));
  headers.append('Set-Cookie', flashCookie(request, { title: t.loginSuccess }));
  return redirect(submission.value.redirectTo, { headers });
}

export const meta: Route.MetaFunction = () => [{ title: `${t.login.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [form, fields] = useForm<{ email: string; password: string; redirectTo: string }>({ id: 'login', lastResult: navigation.state === 'idle' ? actionData?.result : undefined });
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
        {form.errors ? <FormAlert id={form.errorId}>{form.errors.join(' ')}</FormAlert> : null}
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? '/account'} />
        <Field label={t.fields.email} meta={fields.email}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="username" inputMode="email" className={inputClass} />
        </Field>
        <Field label={t.fields.password} meta={fields.password}>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" className={inputClass} />
        </Field>
        <button type="submit" className={buttonClass('primary', 'md', 'w-full')} disabled={navigation.state === 'submitting'}>
          {t.login.submit}
        </button>
        <p className="text-center text-sm">
          <Link to="/wachtwoord-vergeten" className="font-medium text-primary-800 underline">
            {t.login.forgot}
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}
