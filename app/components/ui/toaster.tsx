import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { nl } from '~/i18n/nl.ts';
import {
  addToast,
  closeToast,
  createToastId,
  removeToast,
  SWIPE_THRESHOLD,
  TOAST_DURATION,
  TOAST_HOTKEY,
  TOAST_REMOVE_DELAY,
  validateToast,
  type ToastInput,
  type ToastItem,
} from '~/lib/toast-queue.ts';

type ToastApi = {
  /** Shows a toast and returns its id (the given one, or a generated one). */
  toast: (input: ToastInput) => string;
  dismiss: (id: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastItem[]>([]);
  const removals = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = removals.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const toast = useCallback((input: ToastInput) => {
    // Validate here so a bad call throws at the caller, not inside a state update.
    validateToast(input);
    const id = input.id ?? createToastId();
    // Re-shown during its close delay: keep it instead of removing it a moment later.
    const pending = removals.current.get(id);
    if (pending !== undefined) {
      clearTimeout(pending);
      removals.current.delete(id);
    }
    setQueue((q) => addToast(q, { ...input, id }));
    return id;
  }, []);

  const dismiss = useCallback((id: string) => {
    setQueue((q) => closeToast(q, id));
    if (removals.current.has(id)) return;
    // Keep it mounted briefly so Radix can finish closing (and return focus) before it goes.
    removals.current.set(
      id,
      setTimeout(() => {
        removals.current.delete(id);
        setQueue((q) => removeToast(q, id));
      }, TOAST_REMOVE_DELAY),
    );
  }, []);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <Toast.Provider
        duration={TOAST_DURATION}
        swipeThreshold={SWIPE_THRESHOLD}
        swipeDirection="right"
        label={nl.toast.region}
      >
        {children}
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
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>');
  return api;
}

// Module-wide so a remount (or StrictMode's double effect) does not show the same flash twice.
const shownFlashIds = new Set<string>();

/** Shows a server-sent flash message (e.g. from loader data) once per id. */
export function FlashToast({ toast: flash }: { toast: { id: string; title: string; description?: string } | null }) {
  const { toast } = useToast();
  const id = flash?.id;
  const title = flash?.title;
  const description = flash?.description;

  useEffect(() => {
    if (id === undefined || title === undefined || shownFlashIds.has(id)) return;
    shownFlashIds.add(id);
    toast({ id, title, description, type: 'foreground' });
  }, [id, title, description, toast]);

  return null;
}
