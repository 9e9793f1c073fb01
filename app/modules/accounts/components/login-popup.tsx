import { getFormProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { Dialog } from 'radix-ui';
import { Link, useFetcher, useLocation } from 'react-router';
import { Modal, ModalClose } from '~/components/ui/modal.tsx';
import { account as t } from '~/i18n/nl/account.ts';
import { loginReturnPath } from '~/lib/login-return.ts';
import { LoginFields, type LoginFormFields } from './login-fields.tsx';

type LoginActionData = { result?: SubmissionResult<string[]> };

/**
 * The login popup (SPEC §2): the /inloggen form in a dialog, posted by a fetcher. On success the action
 * redirects back to this page (the router follows it and the "succesvol ingelogd" toast shows); a refusal
 * stays in the popup with the message. Loaded only when opened.
 */
export function LoginPopup({ onClose, returnFocusTo }: { onClose: () => void; returnFocusTo: () => HTMLElement | null }) {
  const redirectTo = loginReturnPath(useLocation());
  const fetcher = useFetcher<LoginActionData>();
  const [form, fields] = useForm<LoginFormFields>({ id: 'login-popup', lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined });
  return (
    <Modal
      testId="login-popup"
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      // Opened as the account panel closes: that panel hands focus back to its button, which must not dismiss this.
      onFocusOutside={(e) => e.preventDefault()}
      // Straight to the e-mail field rather than the close button.
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        document.getElementById(fields.email.id)?.focus();
      }}
    >
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="text-xl font-bold text-slate-900">{t.login.title}</Dialog.Title>
        <ModalClose />
      </div>
      <Dialog.Description className="mt-1 text-sm text-slate-600">{t.login.intro}</Dialog.Description>
      <fetcher.Form method="post" action="/inloggen" {...getFormProps(form)} className="mt-5 space-y-4">
        <LoginFields form={form} fields={fields} redirectTo={redirectTo} submitting={fetcher.state !== 'idle'} />
      </fetcher.Form>
      <p className="mt-5 border-t border-slate-100 pt-4 text-center text-sm text-slate-700">
        {t.login.noAccount}{' '}
        <Link to="/registreren" className="font-semibold text-primary-800 underline">
          {t.login.register}
        </Link>
      </p>
    </Modal>
  );
}
