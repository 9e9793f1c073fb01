import { LoaderCircle } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Modal, ModalClose } from '~/components/ui/modal.tsx';
import { account } from '~/i18n/nl/account.ts';
import type { AddressFormData, AddressView } from '../addresses.ts';
import { type AddressActionData, AddressForm } from './address-form.tsx';

const t = account.addresses;

/**
 * The account's address modal (SPEC §2 "address modal", ADR 022): the form of /account/adressen/nieuw or
 * /account/adressen/{id} in a dialog. It fetches that page's loader (countries of the region, the
 * address) and posts to that page's action with a fetcher; refusals show next to the fields here, a
 * saved address closes it (after the page's data is fresh) and is handed to `onSaved`. Loaded on demand.
 */
export function AddressModal({
  id,
  onClose,
  onSaved,
  returnFocusTo,
}: {
  /** The address to edit; null for a new one. */
  id: number | null;
  onClose: () => void;
  onSaved?: (address: AddressView) => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  const path = id === null ? '/account/adressen/nieuw' : `/account/adressen/${id}`;
  const page = useFetcher<AddressFormData>();
  const submit = useFetcher<AddressActionData>();
  const body = useRef<HTMLDivElement>(null);
  const { load } = page;
  // Set once the loader answered: without data by then, it failed.
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    let live = true;
    void load(path).then(() => live && setAnswered(true));
    return () => {
      live = false;
    };
  }, [load, path]);

  const d = page.data;
  // Once the form is there, focus goes to its first field (Radix focused the close button meanwhile).
  useEffect(() => {
    if (d) body.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select')?.focus();
  }, [d]);

  // Saved: wait until the page's loaders have revalidated (state back to idle), then hand over and close.
  const saved = submit.state === 'idle' ? submit.data?.saved : undefined;
  const done = useRef<AddressView | null>(null);
  useEffect(() => {
    if (!saved || done.current === saved) return;
    done.current = saved;
    onSaved?.(saved);
    onClose();
  }, [saved, onSaved, onClose]);

  return (
    <Modal testId="address-modal" onClose={onClose} returnFocusTo={returnFocusTo} className="p-5 sm:max-w-xl sm:p-7">
      {/* The form is long on a phone: the title and the close button stay in view while it scrolls. */}
      <div className="sticky -top-5 z-10 -mx-5 -mt-5 flex items-start justify-between gap-4 bg-white px-5 pt-5 pb-2 sm:-top-7 sm:-mx-7 sm:-mt-7 sm:px-7 sm:pt-7">
        <Dialog.Title className="text-xl font-bold text-slate-900">{id === null ? t.newTitle : t.editTitle}</Dialog.Title>
        <ModalClose />
      </div>
      <Dialog.Description className="mt-1 text-sm text-slate-600">{t.formIntro}</Dialog.Description>
      <div ref={body} className="mt-5">
        {d ? (
          <AddressForm
            data={d}
            formId={`address-modal-${id ?? 'new'}`}
            fetcher={submit}
            action={path}
            lastResult={submit.state === 'idle' ? submit.data?.result : undefined}
            busy={submit.state !== 'idle'}
            cancel={<Dialog.Close className={buttonClass('ghost', 'lg')}>{t.cancel}</Dialog.Close>}
          />
        ) : answered && page.state === 'idle' ? (
          // The loader did not answer with the form (a network error): the page itself still works.
          <p className="rounded-2xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200" role="alert">
            {t.loadFailed}{' '}
            <Link to={path} className="font-semibold underline">
              {t.openPage}
            </Link>
          </p>
        ) : (
          <div role="status" className="flex h-96 items-center justify-center gap-2 text-sm text-slate-600" data-testid="address-modal-loading">
            <LoaderCircle className="h-5 w-5 animate-spin text-primary-700" aria-hidden />
            {t.loading}
          </div>
        )}
      </div>
    </Modal>
  );
}
