import { data, redirect } from 'react-router';
import { clearCookie, COOKIES, setCookie } from '~/lib/cookies.server.ts';
import { AgeAnswerSchema } from '~/modules/regions/regions.schemas.ts';
import { safeRedirect } from '~/lib/routing.ts';
import type { Route } from './+types/age.ts';
import { readForm } from '~/lib/form.server.ts';

// The age gate posts here; a "yes" is remembered for a year, a "no" for the browser session.
export async function action({ request }: Route.ActionArgs) {
  const parsed = AgeAnswerSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: 'invalid' }, { status: 400 });
  const headers = new Headers();
  if (parsed.data.answer === 'yes') {
    headers.append('Set-Cookie', setCookie(request, 'age', '1'));
    headers.append('Set-Cookie', clearCookie(request, COOKIES.ageDenied.name));
  } else {
    headers.append('Set-Cookie', setCookie(request, 'ageDenied', '1'));
  }
  return redirect(safeRedirect(parsed.data.redirectTo), { headers });
}

export function loader() {
  throw data(null, { status: 404 });
}
