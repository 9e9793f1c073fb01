import { getFormProps, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { inputClass } from '~/components/ui/form-field.tsx';
import { account } from '~/i18n/nl/account.ts';
import { endSessionCookie } from '~/modules/accounts/auth.server.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { passwordMessages, resetPasswordSchema, TOKEN_PATTERN } from '~/modules/accounts/accounts.schemas.ts';
import { resetPassword } from '~/flows/link-guest-orders.server.ts';
import { AuthCard, FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import type { Route } from './+types/reset-password.ts';
import { readForm } from '~/lib/form.server.ts';
import { NewPasswordFields } from '~/components/ui/new-password-fields.tsx';
import { SubmitButton } from '~/components/ui/submit-button.tsx';

const t = account;

// The link from the reset mail carries the token; it stays in a hidden field until the form is sent.
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token: TOKEN_PATTERN.test(token) ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema });
  const hide = ['password', 'passwordConfirm'];
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: hide }) }, { status: 400 });
  const outcome = await resetPassword(context.db, submission.value.token, submission.value.password);
  if (!outcome.ok) {
    const reply =
      outcome.reason === 'weak_password' ? { fieldErrors: { password: [passwordMessages[outcome.problem]] } } : { formErrors: [t.errors.resetFailed] };
    return data({ result: submission.reply({ ...reply, hideFields: hide }) }, { status: 400 });
  }
  // Every session ended with the reset, this browser's too: log in again with the new password.
  const headers = new Headers();
  headers.append('Set-Cookie', endSessionCookie(request));
  headers.append('Set-Cookie', flashCookie(request, { title: t.resetSuccess }));
  return redirect('/inloggen', { headers });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.reset.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ token: string; password: string; passwordConfirm: string }>({
    id: 'reset',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
  });
  const newLink = (
    <Link to="/wachtwoord-vergeten" className="font-semibold text-primary-800 underline">
      {t.reset.newLink}
    </Link>
  );
  // The token is a hidden field: its problems are shown on top.
  const top = [...new Set([...(form.errors ?? []), ...(fields.token.errors ?? [])])];
  if (!loaderData.token) {
    return (
      <AuthCard title={t.reset.title} footer={newLink}>
        <FormAlert>{t.errors.resetFailed}</FormAlert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.reset.title} intro={t.reset.intro} footer={newLink}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {top.length ? <FormAlert id={form.errorId}>{top.join(' ')}</FormAlert> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields fields={fields} labels={{ password: t.fields.newPassword, confirm: t.fields.newPasswordConfirm }} hint={t.passwordHint} inputClass={inputClass} />
        <SubmitButton label={t.reset.submit} />
      </Form>
    </AuthCard>
  );
}
