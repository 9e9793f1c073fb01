import { getFormProps, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect, useNavigation } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { Alert, AuthShell } from '~/modules/staff/components/auth-shell.tsx';
import { fieldClass, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { STAFF_CODE_PATH } from '~/modules/staff/navigation.ts';
import { attemptStaffSetup } from '~/modules/staff/staff-auth.server.ts';
import { setupLinkOwner } from '~/modules/staff/staff.server.ts';
import { staffSetupSchema } from '~/modules/staff/staff.schemas.ts';
import type { Route } from './+types/setup.ts';
import { NewPasswordFields } from '~/components/ui/new-password-fields.tsx';

// Public by design (the way in): the single-use set-up link of a new staff member. Opening it changes
// nothing (mail and chat scanners open links); the form's POST sets the password.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const owner = await setupLinkOwner(context.db, token);
  return { token: owner ? token : null, name: owner?.name ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const setUp = async (sent: FormData) => {
    const submission = parseWithZod(sent, { schema: staffSetupSchema });
    if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password', 'passwordConfirm'] }) }, { status: 400 });
    const attempt = await attemptStaffSetup(context.db, request, submission.value.token, submission.value.password);
    if (!attempt.ok) {
      const limited = attempt.reason === 'rate_limited';
      return data(
        { result: submission.reply({ formErrors: [limited ? t.errors.tooManyRequests : t.errors.setupFailed], hideFields: ['password', 'passwordConfirm'] }) },
        { status: limited ? 429 : 410 },
      );
    }
    return redirect(STAFF_CODE_PATH, { headers: { 'Set-Cookie': attempt.cookie } });
  };
  return dispatchIntent(await readForm(request), { 'set-up': setUp }, { invalid: t.errors.general, fallback: 'set-up' });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.setup.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function BackofficeSetup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ token: string; password: string; passwordConfirm: string }>({ id: 'staff-setup', lastResult: navigation.state === 'idle' ? actionData?.result : undefined, shouldRevalidate: 'onInput' });
  if (!loaderData.token) {
    return (
      <AuthShell title={t.setup.title}>
        <Alert>{t.setup.invalid}</Alert>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t.setup.title} intro={t.setup.intro(loaderData.name ?? '')}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {form.errors ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields fields={fields} labels={{ password: t.setup.password, confirm: t.setup.passwordConfirm }} hint={t.setup.hint} inputClass={fieldClass} />
        <button type="submit" className={`${smallButton.primary} w-full py-2.5`} disabled={navigation.state === 'submitting'}>
          {t.setup.submit}
        </button>
      </Form>
    </AuthShell>
  );
}
