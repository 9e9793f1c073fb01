import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link, useFetcher, useLocation } from 'react-router';
import { account as t } from '~/i18n/nl/account.ts';
import { nl } from '~/i18n/nl.ts';
import { loginReturnPath } from '../login-return.ts';
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
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid="login-popup"
          // Opened as the account panel closes: that panel hands focus back to its button, which must not dismiss this.
          onFocusOutside={(e) => e.preventDefault()}
          // Straight to the e-mail field rather than the close button.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            document.getElementById(fields.email.id)?.focus();
          }}
          onCloseAutoFocus={(e) => {
            const target = returnFocusTo();
            if (!target) return;
            e.preventDefault();
            target.focus();
          }}
          className="animate-pop fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-slate-900">{t.login.title}</Dialog.Title>
            <Dialog.Close className="-mt-1 -mr-1 rounded-full p-2 text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none" aria-label={nl.panels.close}>
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
