import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Modal, ModalHeading } from '~/components/ui/modal.tsx';
import { formatMoney } from '~/lib/money.ts';
import { StrainImage } from '~/components/strain-image.tsx';
import type { CartActionData } from '../cart.server.ts';
import { FreeShipping } from './free-shipping.tsx';
import { cart as cartText } from '~/i18n/nl/cart.ts';

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
  const t = cartText;
  const { cart } = result;
  const line = cart.lines.find((l) => l.packId === result.pack);
  return (
    <Modal testId="added-dialog" onClose={onClose} returnFocusTo={returnFocusTo}>
      <ModalHeading className="text-lg font-semibold text-slate-900">
        <CheckCircle2 className="h-6 w-6 shrink-0 text-primary-700" aria-hidden />
        {t.added}
      </ModalHeading>
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
        <Link
          to="/checkout"
          className={buttonClass('primary', 'md', 'focus-visible:ring-4 focus-visible:ring-primary-300 focus-visible:outline-none')}
          onClick={onClose}
          data-testid="added-checkout"
        >
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
    </Modal>
  );
}
