// Pure queue rules for toasts; the Radix rendering lives in components/ui/toaster.tsx.

export const MAX_TOASTS = 5;
export const TOAST_DURATION = 5000;
export const SWIPE_THRESHOLD = 50;
// Mutable string[] because Radix' `hotkey` prop is typed that way.
export const TOAST_HOTKEY: string[] = ['F8'];
/** Space between stacked toasts in px; matches `gap-4` on the viewport. */
export const TOAST_GAP = 16;
/** Time a closed toast stays mounted so Radix can finish its close/swipe-out. */
export const TOAST_REMOVE_DELAY = 200;

export type ToastType = 'foreground' | 'background';

export type ToastAction = { label: string; altText: string; onClick: () => void };

type ToastFields = {
  title: string;
  description?: string;
  /** foreground = announced right away (user action result); background = polite. */
  type: ToastType;
  action?: ToastAction;
  [extra: string]: unknown;
};

export type ToastItem = ToastFields & { id: string; open: boolean };

// Spelled out instead of Omit<ToastItem, 'id' | 'open'>: Omit over an index signature drops the known keys.
export type ToastInput = ToastFields & { id?: string };

let counter = 0;

/** Ids only need to be unique within one page session. */
export function createToastId(): string {
  counter += 1;
  return `toast-${counter}`;
}

/** Throws on input Radix would render wrongly or inaccessibly. */
export function validateToast(input: { readonly [key: string]: unknown }): void {
  if (input.type !== 'foreground' && input.type !== 'background') {
    throw new Error(`Toast type must be 'foreground' or 'background', got ${JSON.stringify(input.type)}`);
  }
  if (input.action !== undefined) {
    const altText = (input.action as { altText?: unknown } | null)?.altText;
    // Radix needs altText: screen-reader users cannot reach the action before the toast disappears.
    if (typeof altText !== 'string' || altText.trim() === '') {
      throw new Error('A toast action needs a non-empty altText');
    }
  }
}

/** Appends an open toast (same id replaces it in place) and keeps only the newest MAX_TOASTS. */
export function addToast(queue: readonly ToastItem[], input: ToastInput): ToastItem[] {
  validateToast(input);
  const item: ToastItem = { ...input, id: input.id ?? createToastId(), open: true };
  // Re-adding an id (e.g. a flash message under StrictMode) must not duplicate it.
  if (queue.some((t) => t.id === item.id)) return queue.map((t) => (t.id === item.id ? item : t));
  return [...queue, item].slice(-MAX_TOASTS);
}

export function closeToast(queue: readonly ToastItem[], id: string): ToastItem[] {
  return queue.map((t) => (t.id === id && t.open ? { ...t, open: false } : t));
}

export function removeToast(queue: readonly ToastItem[], id: string): ToastItem[] {
  return queue.filter((t) => t.id !== id);
}
