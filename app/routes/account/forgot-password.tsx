import { getFormProps, getInputProps, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, useNavigation } from 'react-router';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { account } from '~/i18n/nl/account.ts';
import { forgotPasswordSchema } from '~/modules/accounts/accounts.schemas.ts';
import { accountLinksFor, attemptPasswordReset } from '~/modules/accounts/auth.server.ts';
import { AuthCard, FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import type { Route } from './+types/forgot-password.ts';
import { readForm } from '~/lib/form.server.ts';
import { SubmitButton } from '~/components/ui/submit-button.tsx';

const t = account;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 });
  const outcome = await attemptPasswordReset(context.db, request, submission.value.email, accountLinksFor(context, request));
  // SPEC §8 failure text when the limit is reached; otherwise the same success for known and unknown addresses.
  if (outcome === 'rate_limited') return data({ result: submission.reply({ formErrors: [t.errors.forgotFailed] }), sent: false }, { status: 429 });
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export const meta: Route.MetaFunction = () => [{ title: `${t.forgot.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ email: string }>({ id: 'forgot', lastResult: navigation.state === 'idle' ? actionData?.result : undefined });
  const back = (
    <Link to="/inloggen" className="font-semibold text-primary-800 underline">
      {t.forgot.back}
    </Link>
  );
  return (
    <AuthCard title={t.forgot.title} intro={t.forgot.intro} footer={back}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {actionData?.sent ? <FormAlert tone="success">{t.forgotSuccess}</FormAlert> : null}
        {form.errors ? <FormAlert id={form.errorId}>{form.errors.join(' ')}</FormAlert> : null}
        <Field label={t.fields.email} meta={fields.email}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" inputMode="email" className={inputClass} />
        </Field>
        <SubmitButton label={t.forgot.submit} />
      </Form>
    </AuthCard>
  );
}
