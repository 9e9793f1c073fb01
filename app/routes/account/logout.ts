import { redirect } from 'react-router';
import { account } from '~/i18n/nl/account.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { revokeAllSessions, revokeSession } from '~/modules/accounts/sessions.server.ts';
import { currentSession, endSessionCookie, sessionToken } from '~/modules/accounts/auth.server.ts';
import type { Route } from './+types/logout.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';

// POST /uitloggen: ends this session (the form without an intent), or with intent=everywhere every other session
// of the account.
export async function action({ request, context }: Route.ActionArgs) {
  return dispatchIntent(
    await readForm(request),
    {
      async here() {
        await revokeSession(context.db, sessionToken(request));
        const headers = new Headers();
        headers.append('Set-Cookie', endSessionCookie(request));
        headers.append('Set-Cookie', flashCookie(request, { title: account.overview.loggedOut }));
        return redirect('/', { headers });
      },
      async everywhere() {
        const current = await currentSession(context.db, request);
        if (!current) return redirect('/inloggen');
        await revokeAllSessions(context.db, current.user.id, { except: sessionToken(request) });
        return redirect('/account', { headers: { 'Set-Cookie': flashCookie(request, { title: account.overview.loggedOutEverywhere }) } });
      },
    },
    { invalid: account.staleForm, fallback: 'here' },
  );
}

export function loader() {
  return redirect('/account');
}
