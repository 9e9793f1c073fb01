import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { nl } from '~/i18n/nl.ts';

type ContentProps = Pick<ComponentProps<typeof Dialog.Content>, 'onOpenAutoFocus' | 'onFocusOutside'>;

/**
 * A modal on Radix Dialog: a bottom sheet on phones, a centred card from sm up. Our modals open from
 * their own controls (not a Dialog.Trigger), so focus is handed back to `returnFocusTo` on close.
 */
export function Modal({
  testId,
  onClose,
  returnFocusTo,
  className = 'p-5 sm:max-w-md sm:p-6',
  children,
  ...content
}: ContentProps & { testId: string; onClose: () => void; returnFocusTo: () => HTMLElement | null; className?: string; children: ReactNode }) {
  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          data-testid={testId}
          {...content}
          onCloseAutoFocus={(e) => {
            const target = returnFocusTo();
            if (!target) return;
            e.preventDefault();
            target.focus();
          }}
          className={`animate-pop fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-3xl bg-white shadow-2xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl ${className}`}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A modal's title row: the title (an icon may lead it) and the "Sluiten" button on the right. */
export function ModalHeading({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <Dialog.Title className={`flex items-center gap-2 ${className}`}>{children}</Dialog.Title>
      <ModalClose />
    </div>
  );
}

/** The "Sluiten" button of a modal. */
export function ModalClose({ className = '-mt-1 -mr-1' }: { className?: string }) {
  return (
    <Dialog.Close
      className={`rounded-full p-2 text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none ${className}`}
      aria-label={nl.panels.close}
    >
      <X className="h-5 w-5" aria-hidden />
    </Dialog.Close>
  );
}
