import { getFormProps, getInputProps, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, type ShouldRevalidateFunction, useNavigation, useSearchParams } from 'react-router';
import { CopyButton } from '~/components/ui/copy-button.tsx';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { Alert, AuthShell } from '~/modules/staff/components/auth-shell.tsx';
import { fieldClass, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { BACKOFFICE_HOME, STAFF_LOGIN_PATH } from '~/modules/staff/navigation.ts';
import { anyStaffSession, attemptStaffCode, passwordStageSession } from '~/modules/staff/staff-auth.server.ts';
import { totpEnrolment } from '~/modules/staff/staff.server.ts';
import { backofficeReturnPath, staffCodeSchema } from '~/modules/staff/staff.schemas.ts';
import type { Route } from './+types/login-code.ts';

// Public by design (the way in): step 2 of the staff log-in. Only a first-factor session gets here; on the
// first log-in it enrols the authenticator (QR code drawn on the server as SVG), later it asks its code.
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await anyStaffSession(context.db, request, context);
  if (!session) throw redirect(STAFF_LOGIN_PATH);
  // Right after enrolment (the answer that shows the recovery codes) the session is already full.
  if (session.stage === 'full') return { enrol: null, loggedIn: true };
  if (session.staff.totpConfirmed) return { enrol: null, loggedIn: false };
  const enrol = await totpEnrolment(context.db, session.staff);
  if (!enrol) throw redirect(STAFF_LOGIN_PATH);
  return { enrol, loggedIn: false };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await passwordStageSession(context.db, request);
  if (!session) throw redirect(STAFF_LOGIN_PATH);
  const verify = async (sent: FormData) => {
    const submission = parseWithZod(sent, { schema: staffCodeSchema });
    if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['code'] }), recoveryCodes: null }, { status: 400 });
    const attempt = await attemptStaffCode(context.db, request, session, submission.value.code, context);
    if (!attempt.ok) {
      const limited = attempt.reason === 'rate_limited';
      return data(
        { result: submission.reply({ fieldErrors: { code: [limited ? t.errors.tooManyRequests : t.errors.codeFailed] }, hideFields: ['code'] }), recoveryCodes: null },
        { status: limited ? 429 : 401 },
      );
    }
    // Enrolment: the recovery codes are shown on this answer, once; the session is already full.
    if (attempt.recoveryCodes) return data({ result: undefined, recoveryCodes: attempt.recoveryCodes }, { headers: { 'Set-Cookie': attempt.cookie } });
    return redirect(backofficeReturnPath(new URL(request.url).searchParams.get('terug')), { headers: { 'Set-Cookie': attempt.cookie } });
  };
  return dispatchIntent(await readForm(request), { verify }, { invalid: t.errors.general, fallback: 'verify' });
}

// The recovery codes are on the action's answer only: reloading the page's data must not replace them.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult?.recoveryCodes ? false : defaultShouldRevalidate;

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.code.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

/** The codes as a text file in a data: link; CRLF line ends, so Notepad shows one code per line too. */
const recoveryFile = (codes: string[]) => `data:text/plain;charset=utf-8,${encodeURIComponent([t.recovery.fileHeading, '', ...codes, ''].join('\r\n'))}`;

export default function BackofficeLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [form, fields] = useForm<{ code: string }>({ id: 'staff-code', lastResult: navigation.state === 'idle' ? actionData?.result : undefined, shouldRevalidate: 'onInput' });
  if (actionData?.recoveryCodes) {
    return (
      <AuthShell title={t.recovery.title} intro={t.recovery.intro} wide>
        <ol className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 ring-1 ring-slate-200" data-testid="recovery-codes">
          {actionData.recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        {/* Both from the answer itself, nothing kept on the server: the file is a data: link (works without JavaScript). */}
        <div className="mt-4 flex flex-wrap gap-2">
          <a href={recoveryFile(actionData.recoveryCodes)} download={t.recovery.fileName} className={smallButton.secondary} data-testid="recovery-download">
            {t.recovery.download}
          </a>
          <CopyButton text={actionData.recoveryCodes.join('\n')} label={t.recovery.copy} copiedLabel={t.recovery.copied} className={smallButton.secondary} />
        </div>
        <Link to={backofficeReturnPath(params.get('terug'))} className={`${smallButton.primary} mt-6 w-full py-2.5`}>
          {t.recovery.done}
        </Link>
      </AuthShell>
    );
  }
  if (loaderData.loggedIn) {
    return (
      <AuthShell title={t.code.title}>
        <Link to={BACKOFFICE_HOME} className={`${smallButton.primary} w-full py-2.5`}>
          {t.recovery.toBackoffice}
        </Link>
      </AuthShell>
    );
  }
  const enrol = loaderData.enrol;
  const codeField = (
    <Field label={t.code.label} meta={fields.code} hint={enrol ? undefined : t.code.hint}>
      <input
        {...getInputProps(fields.code, { type: 'text' })}
        autoComplete="one-time-code"
        inputMode={enrol ? 'numeric' : 'text'}
        autoFocus
        className={`${fieldClass} font-mono tracking-widest`}
      />
    </Field>
  );
  return (
    <AuthShell title={enrol ? t.enrol.title : t.code.title} intro={enrol ? t.enrol.intro : t.code.intro} wide={!!enrol}>
      {enrol ? (
        <div className="mb-6 space-y-3 text-sm text-slate-700">
          <p className="font-medium text-slate-900">1. {t.enrol.step1}</p>
          {/* Our own SVG, drawn on the server from the otpauth:// URI; it has no scripts. */}
          <div role="img" aria-label={t.enrol.qrAlt} className="mx-auto w-48 rounded-lg bg-white p-2 ring-1 ring-slate-200" dangerouslySetInnerHTML={{ __html: enrol.qr }} />
          <p>{t.enrol.manual}</p>
          <p className="rounded-lg bg-slate-50 p-2 text-center font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200" data-testid="totp-secret">
            {enrol.secret}
          </p>
          <p className="pt-2 font-medium text-slate-900">2. {t.enrol.step2}</p>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {form.errors ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
        {codeField}
        <button type="submit" className={`${smallButton.primary} w-full py-2.5`} disabled={navigation.state === 'submitting'}>
          {enrol ? t.enrol.submit : t.code.submit}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to={STAFF_LOGIN_PATH} className="font-medium text-slate-600 underline hover:text-slate-900">
          {t.code.restart}
        </Link>
      </p>
    </AuthShell>
  );
}
