import { claims } from '~/i18n/nl/claims.ts';
import { claimPhoto } from '~/modules/claims/claims.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/claim-photo.ts';

const notFound = () =>
  new Response(claims.staff.errors.photoNotFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });

// A claim's photo (ADR 074) for staff only: re-encoded WebP without metadata, never cached outside the browser.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'claims.manage');
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : 0;
  const n = /^[1-3]$/.test(params.n) ? Number(params.n) : 0;
  const photo = id && id <= 2 ** 31 - 1 && n ? await claimPhoto(context.db, id, n) : null;
  if (!photo) return notFound();
  return new Response(new Uint8Array(photo), { headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' } });
}
