import { redirect } from 'react-router';
import { STAFF_LOGIN_PATH } from '~/modules/staff/navigation.ts';
import { staffLogOut } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/logout.ts';

// Public by design: logging out needs no permission; it ends only the session of this cookie.
export async function action({ request, context }: Route.ActionArgs) {
  return redirect(STAFF_LOGIN_PATH, { headers: { 'Set-Cookie': await staffLogOut(context.db, request) } });
}

export function loader() {
  return redirect(STAFF_LOGIN_PATH);
}
