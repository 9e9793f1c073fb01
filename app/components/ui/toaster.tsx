import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyComponent } from '~/components/lazy-component.tsx';
import { addToast, closeToast, createToastId, removeToast, TOAST_REMOVE_DELAY, validateToast, type ToastInput, type ToastItem } from '~/lib/toast-queue.ts';

const ToastRegion = lazyComponent(() => import('./toast-region.tsx').then((m) => m.ToastRegion));

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
      {children}
      {/* Radix Toast loads with the first toast: most page views never show one. */}
      {queue.length > 0 ? (
        <Suspense fallback={null}>
          <ToastRegion queue={queue} dismiss={dismiss} />
        </Suspense>
      ) : null}
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

  // Without JavaScript no toast can open (e.g. after a plain form post): show the message as a banner.
  if (title === undefined) return null;
  return (
    <noscript>
      <div role="status" data-testid="flash-banner" className="fixed right-4 bottom-4 left-4 z-[60] rounded-2xl bg-slate-900 px-5 py-4 text-sm font-medium text-white shadow-xl sm:left-auto sm:max-w-sm">
        {title}
        {description ? <p className="mt-1 font-normal text-slate-200">{description}</p> : null}
      </div>
    </noscript>
  );
}
