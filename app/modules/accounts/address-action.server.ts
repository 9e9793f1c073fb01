import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import type { Db } from '~/db/client.server.ts';
import { account } from '~/i18n/nl/account.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import { addressFormSchemaFor, addressIdSchema } from '~/lib/addresses.schemas.ts';
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
import { dispatchIntent } from '~/lib/intents.server.ts';

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
  const parsedId = addressIdSchema.safeParse(formData.get('id'));
  const c: IntentContext = { db, request, formData, userId: user.id, region: () => regionForRequest(db, request) };
  // Every intent but 'create' names an address of this customer.
  const withId = (run: (id: number) => Promise<Response | SaveAnswer>) => () => {
    if (!parsedId.success) throw notFound();
    return run(parsedId.data);
  };
  return dispatchIntent(
    formData,
    {
      delete: withId(async (id) => {
        if (!(await deleteAddress(db, user.id, id))) throw notFound();
        return back(request, t.flash.deleted);
      }),
      'set-default-shipping': withId((id) => setDefault(c, id, 'shipping')),
      'set-default-billing': withId((id) => setDefault(c, id, 'billing')),
      create: () => save(c, null),
      update: withId((id) => save(c, id)),
    },
    { invalid: account.staleForm },
  );
}

type IntentContext = { db: Db; request: Request; formData: FormData; userId: number; region: () => ReturnType<typeof regionForRequest> };

async function setDefault({ db, request, userId, region }: IntentContext, id: number, kind: 'shipping' | 'billing') {
  const address = await getAddress(db, userId, id);
  if (!address) throw notFound();
  // SPEC §5: a default must be allowed in the selected region (the page offers no button for it).
  if (!allowedInRegion(await region(), address.countryIso)) return back(request, t.errors.defaultOutsideRegion);
  if (!(await setDefaultAddress(db, userId, address.id, kind))) throw notFound();
  return back(request, kind === 'shipping' ? t.flash.defaultShipping : t.flash.defaultBilling);
}

type SaveAnswer = Awaited<ReturnType<typeof save>>;

/** A new address (`id` null) or an edited one, from the address page or the address modal. */
async function save({ db, request, formData, userId, region: regionOf }: IntentContext, id: number | null) {
  const existing = id === null ? null : await getAddress(db, userId, id);
  if (id !== null && !existing) throw notFound();
  const [region, countries] = await Promise.all([regionOf(), addressCountries(db)]);
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
      saved = await createAddress(db, userId, changes);
    } catch (e) {
      if (!(e instanceof AddressError)) throw e;
      return data({ result: submission.reply({ formErrors: [t.errors.limit(MAX_ADDRESSES)] }) }, { status: 400 });
    }
  } else {
    saved = await updateAddress(db, userId, existing.id, changes);
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
