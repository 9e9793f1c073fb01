import { ArrowRight, CheckCircle2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { nl } from '~/i18n/nl.ts';
import { formatMoney } from '~/lib/money.ts';
import { StrainImage } from '~/modules/images/components/strain-image.tsx';
import type { CartActionData } from '../cart.server.ts';
import { FreeShipping } from './free-shipping.tsx';

/** The add-to-cart modal: what was added, the cart's subtotal and free-shipping progress, next steps. */
export function AddedDialog({
  product,
  result,
  onClose,
  returnFocusTo,
}: {
  product: { slug: string; name: string };
  result: CartActionData;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  const t = nl.cart;
  const { cart } = result;
  const line = cart.lines.find((l) => l.packId === result.pack);
  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid="added-dialog"
          // Opened by the form, not a Dialog.Trigger: hand focus back to the add button ourselves.
          onCloseAutoFocus={(e) => {
            const target = returnFocusTo();
            if (!target) return;
            e.preventDefault();
            target.focus();
          }}
          className="animate-pop fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <CheckCircle2 className="h-6 w-6 shrink-0 text-primary-700" aria-hidden />
              {t.added}
            </Dialog.Title>
            <Dialog.Close className="-mt-1 -mr-1 rounded-full p-2 text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none" aria-label={nl.panels.close}>
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t.addedToast(product.name)}</Dialog.Description>
          <div className="mt-4 flex items-center gap-4 rounded-2xl p-1">
            <StrainImage slug={product.slug} alt="" sizes="80px" width={80} height={80} className="h-20 w-20 shrink-0 rounded-2xl" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900" data-testid="added-name">
                {product.name}
              </p>
              {line ? (
                <p className="text-sm text-slate-600" data-testid="added-pack">
                  {t.seeds(line.seeds)} · {t.inCart(line.quantity)}
                </p>
              ) : null}
            </div>
            {line?.unitPrice != null ? <p className="shrink-0 font-semibold text-slate-900 tabular-nums">{formatMoney(line.lineTotal, cart.currency)}</p> : null}
          </div>
          <div className="mt-4 space-y-3 rounded-2xl bg-slate-50 p-4 text-sm">
            <p className="flex justify-between gap-4">
              <span className="text-slate-600">{t.cartSubtotal(cart.count)}</span>
              <span className="font-semibold text-slate-900 tabular-nums" data-testid="added-subtotal">
                {formatMoney(cart.totals.subtotal, cart.currency)}
              </span>
            </p>
            <FreeShipping cart={cart} />
          </div>
          <div className="mt-5 grid gap-2 sm:grid-cols-2">
            <Link to="/checkout" className={buttonClass('primary', 'md', 'focus-visible:ring-4 focus-visible:ring-primary-300 focus-visible:outline-none')} onClick={onClose} data-testid="added-checkout">
              {t.checkout}
              <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
            <Link to="/besteloverzicht" className={buttonClass('secondary', 'md')} onClick={onClose} data-testid="added-view-cart">
              {t.viewCart}
            </Link>
            <Dialog.Close className={buttonClass('ghost', 'md', 'sm:col-span-2')} data-testid="added-continue">
              {t.continueShopping}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
