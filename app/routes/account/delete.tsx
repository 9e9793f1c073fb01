import { getFormProps, getInputProps, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { TriangleAlert } from 'lucide-react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Field, FieldError, inputClass } from '~/components/ui/form-field.tsx';
import { account } from '~/i18n/nl/account.ts';
import { accountDelete } from '~/i18n/nl/account-delete.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { deleteAccountSchema } from '~/modules/accounts/accounts.schemas.ts';
import { endSessionCookie, requireSession } from '~/modules/accounts/auth.server.ts';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import { deleteAccount } from '~/flows/account-privacy.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { creditBalance } from '~/modules/credit/credit.server.ts';
import type { Route } from './+types/delete.ts';
import { readForm } from '~/lib/form.server.ts';

const t = accountDelete;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireSession(context.db, request);
  // Credit left is written off on deletion (ADR 073): the page says how much first (formatted here, so the page's
  // JavaScript does not grow by the money formatter).
  const credit = await creditBalance(context.db, user.id);
  return { creditLeft: credit.length ? credit.map((c) => formatMoney(c.balanceMinor, c.currency)).join(' en ') : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireSession(context.db, request);
  const submission = parseWithZod(await readForm(request), { schema: deleteAccountSchema });
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  const outcome = await deleteAccount(context.db, user.id, submission.value.password);
  if (!outcome.ok) {
    const hideFields = ['password'];
    if (outcome.reason === 'wrong_password') return data({ result: submission.reply({ fieldErrors: { password: [t.wrongPassword] }, hideFields }) }, { status: 401 });
    const limited = outcome.reason === 'rate_limited';
    const message = limited ? account.errors.tooManyRequests : outcome.reason === 'open_claims' ? t.openClaims : t.openOrders;
    return data({ result: submission.reply({ formErrors: [message], hideFields }) }, { status: limited ? 429 : 409 });
  }
  const headers = new Headers();
  headers.append('Set-Cookie', endSessionCookie(request));
  headers.append('Set-Cookie', flashCookie(request, { title: t.deleted }));
  return redirect('/', { headers });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.deleteTitle} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function AccountDeletePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ password: string; confirm: string }>({
    id: 'delete-account',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
  });
  return (
    <AccountShell title={t.deleteTitle}>
      <section className="max-w-xl rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6">
        <p className="text-slate-700">{t.deleteIntro}</p>
        <p className="mt-3 flex items-center gap-2 font-semibold text-red-800">
          <TriangleAlert className="h-5 w-5 shrink-0" aria-hidden />
          {t.deleteWarning}
        </p>
        {loaderData.creditLeft ? (
          <p className="mt-3 text-slate-700" data-testid="delete-credit">
            {t.creditForfeit(loaderData.creditLeft)}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="mt-5 space-y-4">
          {form.errors ? <FormAlert id={form.errorId}>{form.errors.join(' ')}</FormAlert> : null}
          <Field label={t.passwordLabel} meta={fields.password}>
            <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" className={inputClass} />
          </Field>
          <div>
            <label className="flex items-start gap-3 text-sm text-slate-800">
              <input
                {...getInputProps(fields.confirm, { type: 'checkbox' })}
                className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 text-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
              />
              {t.confirm}
            </label>
            <FieldError meta={fields.confirm} />
          </div>
          <div className="flex flex-wrap gap-3 pt-1">
            <button type="submit" className={buttonClass('danger', 'md')} disabled={navigation.state === 'submitting'}>
              {t.submit}
            </button>
            <Link to="/account" className={buttonClass('secondary', 'md')}>
              {t.cancel}
            </Link>
          </div>
        </Form>
      </section>
    </AccountShell>
  );
}
