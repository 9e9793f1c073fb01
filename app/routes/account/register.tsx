import { getFormProps, getInputProps, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { MailCheck } from 'lucide-react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { account } from '~/i18n/nl/account.ts';
import { signUpSchema } from '~/modules/accounts/accounts.schemas.ts';
import { AccountError } from '~/modules/accounts/accounts.server.ts';
import { accountLinksFor, attemptSignUp, currentSession } from '~/modules/accounts/auth.server.ts';
import { AuthCard, FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import type { Route } from './+types/register.ts';
import { readForm } from '~/lib/form.server.ts';
import { NewPasswordFields } from '~/components/ui/new-password-fields.tsx';
import { SubmitButton } from '~/components/ui/submit-button.tsx';

const t = account;

export async function loader({ request, context }: Route.LoaderArgs) {
  // A logged-in visitor has an account already.
  if (await currentSession(context.db, request)) throw redirect('/account');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: signUpSchema });
  const hide = ['password', 'passwordConfirm'];
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: hide }), done: false }, { status: 400 });
  try {
    const outcome = await attemptSignUp(context.db, request, submission.value, accountLinksFor(context, request));
    if (outcome === 'rate_limited') return data({ result: submission.reply({ formErrors: [t.errors.tooManyRequests], hideFields: hide }), done: false }, { status: 429 });
  } catch (e) {
    // The schema checks the same rules; this only happens when they change between form and module.
    if (!(e instanceof AccountError)) throw e;
    const field = e.code === 'under_age' ? 'dateOfBirth' : 'password';
    const message = e.code === 'under_age' ? t.errors.underAge : t.errors.password;
    return data({ result: submission.reply({ fieldErrors: { [field]: [message] }, hideFields: hide }), done: false }, { status: 400 });
  }
  // The same answer whether or not the address already has an account (ADR 008).
  return { result: submission.reply({ resetForm: true }), done: true };
}

export const meta: Route.MetaFunction = () => [{ title: `${t.register.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function RegisterPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ name: string; email: string; dateOfBirth: string; password: string; passwordConfirm: string }>({ id: 'register', lastResult: navigation.state === 'idle' ? actionData?.result : undefined });
  if (actionData?.done) {
    return (
      <AuthCard title={t.register.checkTitle}>
        <div className="flex gap-3" role="status" data-testid="signup-done">
          <MailCheck className="mt-0.5 h-6 w-6 shrink-0 text-primary-700" aria-hidden />
          <p className="text-slate-800">{t.signUpSuccess}</p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t.register.title}
      intro={t.register.intro}
      footer={
        <>
          {t.register.haveAccount}{' '}
          <Link to="/inloggen" className="font-semibold text-primary-800 underline">
            {t.register.login}
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {form.errors ? <FormAlert id={form.errorId}>{form.errors.join(' ')}</FormAlert> : null}
        <Field label={t.fields.name} meta={fields.name}>
          <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="name" className={inputClass} />
        </Field>
        <Field label={t.fields.email} meta={fields.email}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" inputMode="email" className={inputClass} />
        </Field>
        <Field label={t.fields.dateOfBirth} meta={fields.dateOfBirth} hint={t.register.adultHint}>
          <input {...getInputProps(fields.dateOfBirth, { type: 'date' })} autoComplete="bday" className={inputClass} />
        </Field>
        <NewPasswordFields fields={fields} labels={{ password: t.fields.password, confirm: t.fields.passwordConfirm }} hint={t.passwordHint} inputClass={inputClass} />
        <SubmitButton label={t.register.submit} />
      </Form>
    </AuthCard>
  );
}
