import { getFormProps, getInputProps, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect, useNavigation, useSearchParams } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { Alert, AuthShell } from '~/modules/staff/components/auth-shell.tsx';
import { fieldClass, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { BACKOFFICE_HOME, STAFF_CODE_PATH } from '~/modules/staff/navigation.ts';
import { attemptStaffPassword, hasFullStaffSession } from '~/modules/staff/staff-auth.server.ts';
import { backofficeReturnPath, staffLogInSchema } from '~/modules/staff/staff.schemas.ts';
import type { Route } from './+types/login.ts';

// Public by design (the way in): step 1 of the staff log-in, e-mail and password.
export async function loader({ request, context }: Route.LoaderArgs) {
  const back = backofficeReturnPath(new URL(request.url).searchParams.get('terug'));
  if (await hasFullStaffSession(context.db, request)) throw redirect(back);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const logIn = async (sent: FormData) => {
    const submission = parseWithZod(sent, { schema: staffLogInSchema });
    if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
    const attempt = await attemptStaffPassword(context.db, request, submission.value.email, submission.value.password);
    if (!attempt.ok) {
      const limited = attempt.reason === 'rate_limited';
      return data({ result: submission.reply({ formErrors: [limited ? t.errors.tooManyRequests : t.errors.loginFailed], hideFields: ['password'] }) }, { status: limited ? 429 : 401 });
    }
    const back = backofficeReturnPath(submission.value.terug);
    return redirect(`${STAFF_CODE_PATH}${back === BACKOFFICE_HOME ? '' : `?${new URLSearchParams({ terug: back })}`}`, { headers: { 'Set-Cookie': attempt.cookie } });
  };
  return dispatchIntent(await readForm(request), { 'log-in': logIn }, { invalid: t.errors.general, fallback: 'log-in' });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.login.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function BackofficeLogin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [form, fields] = useForm<{ email: string; password: string; terug: string }>({ id: 'staff-login', lastResult: navigation.state === 'idle' ? actionData?.result : undefined, shouldRevalidate: 'onInput' });
  return (
    <AuthShell title={t.login.title} intro={t.login.intro}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {form.errors ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
        <input type="hidden" name="terug" value={params.get('terug') ?? ''} />
        <Field label={t.login.email} meta={fields.email}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="username" className={fieldClass} />
        </Field>
        <Field label={t.login.password} meta={fields.password}>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" className={fieldClass} />
        </Field>
        <button type="submit" className={`${smallButton.primary} w-full py-2.5`} disabled={navigation.state === 'submitting'}>
          {t.login.submit}
        </button>
      </Form>
    </AuthShell>
  );
}
