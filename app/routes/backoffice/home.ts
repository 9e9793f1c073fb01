import { redirect } from 'react-router';
import { BACKOFFICE_HOME } from '~/modules/staff/navigation.ts';

// Public by design: only a redirect to the dashboard, which checks the permission; this reads nothing.
export function loader() {
  return redirect(BACKOFFICE_HOME);
}
