// Saving a strain in the back office: the catalogue module saves it, the routing module keeps its old address
// as a 301 (or frees a new one), the images module drops the files named after an old slug.
import type { Db } from '~/db/client.server.ts';
import type { Actor } from '~/lib/audit.server.ts';
import type { StrainInput } from '~/modules/catalog/strain-admin.schemas.ts';
import { saveStrainWith, type StrainAddressSteps } from '~/modules/catalog/strain-admin.server.ts';
import { purgeImageVariants } from '~/modules/images/uploads.server.ts';
import { dropRedirectCache, freeAddress, recordMovedAddress } from '~/modules/routing/redirects.server.ts';

const addressSteps: StrainAddressSteps = {
  moved: recordMovedAddress,
  freed: freeAddress,
  saved(db, oldSlug) {
    dropRedirectCache(db);
    // The old slug's image files are named after it: they are never asked for again.
    if (oldSlug) purgeImageVariants(db, oldSlug);
  },
};

export function saveStrain(db: Db, actor: Actor, productId: number | null, input: StrainInput, now = new Date()) {
  return saveStrainWith(db, actor, productId, input, addressSteps, now);
}
