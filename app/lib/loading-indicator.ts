// Framework-free navigation progress, modelled on Nuxt's useLoadingIndicator.

export type LoadingState = { progress: number; isLoading: boolean; visible: boolean };

export type LoadingIndicatorOptions = {
  /** Time (ms) in which the estimate would reach 100 if it did not slow down. */
  duration?: number;
  /** Delay (ms) before showing, so fast navigations never flash a bar. */
  throttle?: number;
  /** How long (ms) the full bar stays visible after finish(). */
  hideDelay?: number;
  /** Delay (ms) after hiding before progress goes back to 0, so the bar does not visibly shrink. */
  resetDelay?: number;
  onChange?: (state: LoadingState) => void;
};

export type LoadingIndicator = {
  start: () => void;
  finish: () => void;
  /** Stops every timer and returns to the hidden state at once (e.g. on unmount). */
  clear: () => void;
  readonly state: LoadingState;
};

const LOADING_TICK_MS = 100;
const LOADING_MAX_ESTIMATE = 99;
export const initialLoadingState: LoadingState = { progress: 0, isLoading: false, visible: false };

/**
 * One tick of the estimate: the step shrinks as progress nears 100 and is capped below it,
 * because we never know when the server will answer.
 */
export function estimateProgress(progress: number, step: number): number {
  return Math.min(LOADING_MAX_ESTIMATE, progress + step * (1 - progress / 100));
}

type Timer = ReturnType<typeof setTimeout>;

export function createLoadingIndicator({
  duration = 2000,
  throttle = 200,
  hideDelay = 500,
  resetDelay = 400,
  onChange,
}: LoadingIndicatorOptions = {}): LoadingIndicator {
  const step = 10_000 / duration;
  let state = initialLoadingState;
  let throttleTimer: Timer | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: Timer | undefined;
  let resetTimer: Timer | undefined;

  function set(patch: Partial<LoadingState>) {
    const next = { ...state, ...patch };
    if (next.progress === state.progress && next.isLoading === state.isLoading && next.visible === state.visible) return;
    state = next;
    onChange?.(state);
  }

  function stopTimers() {
    clearTimeout(throttleTimer);
    clearInterval(tickTimer);
    clearTimeout(hideTimer);
    clearTimeout(resetTimer);
    throttleTimer = tickTimer = hideTimer = resetTimer = undefined;
  }

  function begin() {
    set({ visible: true, isLoading: true });
    tickTimer = setInterval(() => set({ progress: estimateProgress(state.progress, step) }), LOADING_TICK_MS);
  }

  return {
    get state() {
      return state;
    },
    start() {
      // Navigation goes loading → submitting → loading; keep one continuous run.
      if (state.isLoading || throttleTimer !== undefined) return;
      stopTimers();
      set({ progress: 0 });
      // Still on screen from the previous navigation: continue without a fresh throttle.
      if (state.visible || throttle <= 0) {
        begin();
        return;
      }
      throttleTimer = setTimeout(() => {
        throttleTimer = undefined;
        begin();
      }, throttle);
    },
    finish() {
      if (throttleTimer !== undefined) {
        // Finished within the throttle window: never show anything.
        clearTimeout(throttleTimer);
        throttleTimer = undefined;
        return;
      }
      if (!state.isLoading) return;
      stopTimers();
      set({ progress: 100, isLoading: false });
      hideTimer = setTimeout(() => {
        hideTimer = undefined;
        set({ visible: false });
        resetTimer = setTimeout(() => {
          resetTimer = undefined;
          set({ progress: 0 });
        }, resetDelay);
      }, hideDelay);
    },
    clear() {
      stopTimers();
      set(initialLoadingState);
    },
  };
}
