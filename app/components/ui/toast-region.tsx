import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { nl } from '~/i18n/nl.ts';
import { SWIPE_THRESHOLD, TOAST_DURATION, TOAST_HOTKEY, type ToastItem } from '~/lib/toast-queue.ts';

/** The visible toasts on Radix Toast (its defaults are the spec's: 5000 ms, swipe 50, F8). */
export function ToastRegion({ queue, dismiss }: { queue: ToastItem[]; dismiss: (id: string) => void }) {
  return (
      <Toast.Provider
        duration={TOAST_DURATION}
        swipeThreshold={SWIPE_THRESHOLD}
        swipeDirection="right"
        label={nl.toast.region}
      >
        {queue.map((t) => (
          <Toast.Root
            key={t.id}
            type={t.type}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) dismiss(t.id);
            }}
            className="relative flex w-full items-start gap-3 rounded-xl bg-white p-4 pr-11 shadow-lg ring-1 ring-slate-200 transition-[transform,opacity] duration-200 ease-out data-[state=closed]:opacity-0 data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none motion-reduce:transition-none"
          >
            <div className="min-w-0 flex-1">
              <Toast.Title className="text-sm font-semibold text-slate-900">{t.title}</Toast.Title>
              {t.description ? <Toast.Description className="mt-1 text-sm text-slate-600">{t.description}</Toast.Description> : null}
            </div>
            {t.action ? (
              <Toast.Action
                altText={t.action.altText}
                onClick={t.action.onClick}
                className="shrink-0 self-center rounded-full bg-primary-700 px-3 py-1.5 text-sm font-semibold text-white transition-colors hover:bg-primary-800"
              >
                {t.action.label}
              </Toast.Action>
            ) : null}
            <Toast.Close
              aria-label={nl.toast.close}
              className="absolute top-2 right-2 rounded-full p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="h-4 w-4" aria-hidden />
            </Toast.Close>
          </Toast.Root>
        ))}
        {/* hotkey is a Viewport prop in Radix; gap-4 = TOAST_GAP (16 px); z-[100] keeps toasts above dialogs (z-50). */}
        <Toast.Viewport
          hotkey={TOAST_HOTKEY}
          label={`${nl.toast.region} ({hotkey})`}
          className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-[380px] list-none flex-col gap-4 p-4 outline-none"
        />
      </Toast.Provider>
  );
}
