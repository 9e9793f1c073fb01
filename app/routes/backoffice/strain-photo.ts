import { catalogueAdmin as t } from '~/i18n/nl/backoffice-catalogue.ts';
import { strainPhotoPreview } from '~/modules/images/uploads.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/strain-photo.ts';

// The uploaded photo of a strain as the edit page shows it: also for a draft, which the shop's image route leaves out.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'catalogue.manage');
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : 0;
  const image = id ? await strainPhotoPreview(context.db, id) : null;
  if (!image)
    throw new Response(t.notFound, {
      status: 404,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'private, no-store',
      },
    });
  return new Response(new Uint8Array(image), {
    headers: {
      'Content-Type': 'image/webp',
      'Cache-Control': 'private, no-store',
    },
  });
}
