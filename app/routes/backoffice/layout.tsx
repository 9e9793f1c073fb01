import { Outlet } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { BackofficeShell } from '~/modules/staff/components/backoffice-shell.tsx';
import { navFor } from '~/modules/staff/navigation.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/layout.ts';

// The /beheer layout: who is logged in and the menu for their role. Every page below checks its own permission too.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context.db, request, 'dashboard.view');
  return { staff: { name: staff.name, email: staff.email, role: staff.role }, nav: navFor(staff.role) };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: t.title }, { name: 'robots', content: 'noindex' }];

export default function BackofficeLayout({ loaderData }: Route.ComponentProps) {
  return (
    <BackofficeShell staff={loaderData.staff} nav={loaderData.nav}>
      <Outlet />
    </BackofficeShell>
  );
}
