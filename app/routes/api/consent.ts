import { data, redirect } from 'react-router';
import { clearCookie, COOKIES, flashCookie, setCookie } from '~/lib/cookies.server.ts';
import { readForm } from '~/lib/form.server.ts';
import { consent as t } from '~/i18n/nl/consent.ts';
import { COOKIE_PARAM, consentValue } from '~/modules/consent/consent.ts';
import { allowed, ConsentChoiceSchema } from '~/modules/consent/consent.schemas.ts';
import { safeRedirect } from '~/lib/routing.ts';
import type { Route } from './+types/consent.ts';

// The cookie choice posts here and lands back on the page it was made on (without ?cookies=1), with a
// toast; with JavaScript React Router follows that redirect in the page, so the scripts follow the choice.
export async function action({ request }: Route.ActionArgs) {
  const parsed = ConsentChoiceSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: t.invalid }, { status: 400 });
  const back = new URL(safeRedirect(parsed.data.redirectTo), 'http://same.site');
  back.searchParams.delete(COOKIE_PARAM);
  const headers = new Headers();
  const choice = allowed(parsed.data);
  headers.append('Set-Cookie', setCookie(request, 'consent', consentValue(choice)));
  // Marketing withdrawn: the affiliate visitor id goes too (ADR 021).
  if (!choice.marketing) headers.append('Set-Cookie', clearCookie(request, COOKIES.referral.name));
  headers.append('Set-Cookie', flashCookie(request, { title: t.saved }));
  return redirect(back.pathname + back.search, { headers });
}

export function loader() {
  throw data(null, { status: 404 });
}
