import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { nl } from '~/i18n/nl.ts';

/** A side panel on Radix Dialog: focus trap, Escape, and screen-reader labelling for free. */
export function Sheet({
  open,
  onOpenChange,
  side,
  title,
  description,
  children,
  testId,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: 'left' | 'right';
  title: string;
  description?: string;
  children: ReactNode;
  testId: string;
  /** Element that gets focus back when the panel closes (the button that opened it). */
  returnFocusTo?: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="panel-background" className="animate-fade fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          data-testid={testId}
          // We open panels from our own buttons, not a Dialog.Trigger, so Radix does not know where to return focus.
          onCloseAutoFocus={(e) => {
            const target = returnFocusTo?.();
            if (!target) return;
            e.preventDefault();
            target.focus();
          }}
          className={`fixed top-0 z-50 flex h-full w-[88vw] max-w-sm flex-col bg-white shadow-2xl outline-none ${
            side === 'left' ? 'animate-sheet-left left-0' : 'animate-sheet-right right-0'
          }`}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={nl.panels.close}>
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="px-5 pt-4 text-sm text-slate-600">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
