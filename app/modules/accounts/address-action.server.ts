import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import type { Db } from '~/db/client.server.ts';
import { account } from '~/i18n/nl/account.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { regionForRequest } from '~/modules/regions/regions.server.ts';
import { addressFormSchemaFor, addressIdSchema, addressIntentSchema } from './addresses.schemas.ts';
import {
  AddressError,
  addressCountries,
  allowedInRegion,
  createAddress,
  deleteAddress,
  getAddress,
  MAX_ADDRESSES,
  type SavedAddress,
  setDefaultAddress,
  updateAddress,
} from './addresses.server.ts';
import { returnPath, toAddressView } from './addresses.ts';
import { requireSession } from './auth.server.ts';
import { readForm } from '~/lib/form.server.ts';

const t = account.addresses;
const LIST = '/account/adressen';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });
const back = (request: Request, title: string, to = LIST) => redirect(to, { headers: { 'Set-Cookie': flashCookie(request, { title }) } });

/**
 * The one action of the address pages (list, new, edit), for a fixed set of intents. A missing id,
 * somebody else's id and a malformed id all answer 404, never 403. Successful changes go back to the
 * list with a flash message (a no-JS post lands there too); form errors come back to the form.
 */
export async function addressAction({ request, context }: { request: Request; context: { db: Db } }) {
  const { db } = context;
  const { user } = await requireSession(db, request);
  const formData = await readForm(request);
  const intent = addressIntentSchema.safeParse(formData.get('intent'));
  if (!intent.success) throw data(null, { status: 400, statusText: 'Bad Request' });

  const parsedId = addressIdSchema.safeParse(formData.get('id'));
  const id = parsedId.success ? parsedId.data : null;
  if (intent.data !== 'create' && id === null) throw notFound();
  const region = await regionForRequest(db, request);

  switch (intent.data) {
    case 'delete':
      if (!(await deleteAddress(db, user.id, id!))) throw notFound();
      return back(request, t.flash.deleted);
    case 'set-default-shipping':
    case 'set-default-billing': {
      const address = await getAddress(db, user.id, id!);
      if (!address) throw notFound();
      // SPEC §5: a default must be allowed in the selected region (the page offers no button for it).
      if (!allowedInRegion(region, address.countryIso)) return back(request, t.errors.defaultOutsideRegion);
      const kind = intent.data === 'set-default-shipping' ? 'shipping' : 'billing';
      if (!(await setDefaultAddress(db, user.id, address.id, kind))) throw notFound();
      return back(request, kind === 'shipping' ? t.flash.defaultShipping : t.flash.defaultBilling);
    }
    case 'create':
    case 'update': {
      const existing = intent.data === 'update' ? await getAddress(db, user.id, id!) : null;
      if (intent.data === 'update' && !existing) throw notFound();
      const countries = await addressCountries(db);
      // The region's countries; an existing address abroad keeps its own country (it stays editable).
      const allowed = (iso: string) => allowedInRegion(region, iso) || (!!existing && existing.countryIso === iso.toUpperCase());
      const requiresState = (iso: string) => countries.get(iso.toUpperCase())?.requiresState ?? false;
      const submission = parseWithZod(formData, { schema: addressFormSchemaFor(allowed, requiresState) });
      if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
      const { address, defaultShipping, defaultBilling } = submission.value;
      // Only an address in the region can become a default.
      const canDefault = allowedInRegion(region, address.country);
      const changes = { ...address, defaultShipping: canDefault && defaultShipping, defaultBilling: canDefault && defaultBilling };
      let saved: SavedAddress | null;
      if (!existing) {
        try {
          saved = await createAddress(db, user.id, changes);
        } catch (e) {
          if (!(e instanceof AddressError)) throw e;
          return data({ result: submission.reply({ formErrors: [t.errors.limit(MAX_ADDRESSES)] }) }, { status: 400 });
        }
      } else {
        saved = await updateAddress(db, user.id, existing.id, changes);
        if (!saved) throw notFound();
      }
      const title = existing ? t.flash.updated : t.flash.created;
      // The address modal (a fetcher, `js=1`) gets the saved address to close on and fill in; the flash
      // travels as a cookie all the same, so the revalidated root shows the toast.
      if (formData.get('js') === '1') {
        const view = toAddressView(saved, (iso) => countries.get(iso)?.name, (iso) => allowedInRegion(region, iso));
        return data({ saved: view }, { headers: { 'Set-Cookie': flashCookie(request, { title }) } });
      }
      // A plain post goes back to the list, or (the checkout's "Nieuw adres" without JavaScript) to a
      // validated same-site `redirectTo`.
      return back(request, title, returnPath(formData.get('redirectTo')) ?? LIST);
    }
  }
}
