import { isRouteErrorResponse, useRouteError } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { PageHeader } from './backoffice-shell.tsx';

/** The error screen of a back-office page, inside the sidebar layout (403 for a role without access). */
export function BackofficeError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : t.errors.general;
  return (
    <div data-testid="backoffice-error" data-status={status}>
      <PageHeader title={status === 403 ? 'Geen toegang' : status === 404 ? 'Niet gevonden' : 'Er ging iets mis'} />
      <p className="max-w-xl rounded-xl bg-white p-5 text-sm text-slate-700 ring-1 ring-slate-200">{message}</p>
    </div>
  );
}
