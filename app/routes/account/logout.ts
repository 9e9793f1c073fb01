import { redirect } from 'react-router';
import { account } from '~/i18n/nl/account.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { revokeAllSessions, revokeSession } from '~/modules/accounts/sessions.server.ts';
import { currentSession, endSessionCookie, sessionToken } from '~/modules/accounts/auth.server.ts';
import type { Route } from './+types/logout.ts';
import { readForm } from '~/lib/form.server.ts';

// POST /uitloggen: ends this session, or with intent=everywhere every other session of the account.
export async function action({ request, context }: Route.ActionArgs) {
  const everywhere = (await readForm(request)).get('intent') === 'everywhere';
  const headers = new Headers();
  if (everywhere) {
    const current = await currentSession(context.db, request);
    if (!current) return redirect('/inloggen');
    await revokeAllSessions(context.db, current.user.id, { except: sessionToken(request) });
    headers.append('Set-Cookie', flashCookie(request, { title: account.overview.loggedOutEverywhere }));
    return redirect('/account', { headers });
  }
  await revokeSession(context.db, sessionToken(request));
  headers.append('Set-Cookie', endSessionCookie(request));
  headers.append('Set-Cookie', flashCookie(request, { title: account.overview.loggedOut }));
  return redirect('/', { headers });
}

export function loader() {
  return redirect('/account');
}
