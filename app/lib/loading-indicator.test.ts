import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { createLoadingIndicator, estimateProgress, initialLoadingState, type LoadingState } from './loading-indicator.ts';

function setup(options: Parameters<typeof createLoadingIndicator>[0] = {}) {
  const changes: LoadingState[] = [];
  const indicator = createLoadingIndicator({ ...options, onChange: (s) => changes.push(s) });
  return { indicator, changes };
}

describe('loading indicator', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never shows a navigation that finishes within the throttle', () => {
    const { indicator, changes } = setup();
    indicator.start();
    vi.advanceTimersByTime(199);
    indicator.finish();
    vi.advanceTimersByTime(10_000);
    expect(changes).toEqual([]);
    expect(indicator.state).toEqual(initialLoadingState);
  });

  it('shows after 200 ms and then grows by 10000/duration on the first 100 ms tick', () => {
    const { indicator } = setup();
    indicator.start();
    vi.advanceTimersByTime(199);
    expect(indicator.state.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(indicator.state).toEqual({ progress: 0, isLoading: true, visible: true });
    vi.advanceTimersByTime(100);
    expect(indicator.state.progress).toBe(5);
  });

  it('keeps growing but stays below 100 while loading, even long after the duration', () => {
    const { indicator } = setup();
    indicator.start();
    vi.advanceTimersByTime(200);
    const seen: number[] = [];
    for (let i = 0; i < 600; i++) {
      vi.advanceTimersByTime(100);
      seen.push(indicator.state.progress);
    }
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1] ?? 0);
    // After the nominal duration it is well under way but not done.
    expect(seen[19]).toBeGreaterThan(50);
    expect(seen[19]).toBeLessThan(100);
    expect(Math.max(...seen)).toBe(99);
    expect(indicator.state).toMatchObject({ isLoading: true, visible: true });
  });

  it('slows down as it nears 100', () => {
    const early = estimateProgress(10, 5) - 10;
    const late = estimateProgress(90, 5) - 90;
    expect(early).toBeGreaterThan(late);
    expect(late).toBeGreaterThan(0);
    expect(estimateProgress(98.9, 50)).toBe(99);
  });

  it('respects a custom duration', () => {
    const { indicator } = setup({ duration: 1000, throttle: 0 });
    indicator.start();
    expect(indicator.state.visible).toBe(true);
    vi.advanceTimersByTime(100);
    expect(indicator.state.progress).toBe(10);
  });

  it('finish: 100 at once, hidden after 500 ms, progress reset 400 ms later', () => {
    const { indicator } = setup();
    indicator.start();
    vi.advanceTimersByTime(1000);
    indicator.finish();
    expect(indicator.state).toEqual({ progress: 100, isLoading: false, visible: true });

    vi.advanceTimersByTime(499);
    expect(indicator.state.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(indicator.state).toEqual({ progress: 100, isLoading: false, visible: false });

    vi.advanceTimersByTime(399);
    expect(indicator.state.progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect(indicator.state).toEqual(initialLoadingState);
  });

  it('stops ticking after finish', () => {
    const { indicator, changes } = setup();
    indicator.start();
    vi.advanceTimersByTime(500);
    indicator.finish();
    vi.advanceTimersByTime(900);
    const count = changes.length;
    vi.advanceTimersByTime(5000);
    expect(changes.length).toBe(count);
  });

  it('a repeated start() does not restart a running bar', () => {
    const { indicator } = setup();
    indicator.start();
    vi.advanceTimersByTime(700);
    const progress = indicator.state.progress;
    expect(progress).toBeGreaterThan(0);
    indicator.start();
    expect(indicator.state.progress).toBe(progress);
  });

  it('a new navigation while the bar fades out restarts at once from 0', () => {
    const { indicator } = setup();
    indicator.start();
    vi.advanceTimersByTime(500);
    indicator.finish();
    vi.advanceTimersByTime(100);
    indicator.start();
    expect(indicator.state).toEqual({ progress: 0, isLoading: true, visible: true });
    // The old hide timer must not hide the new run.
    vi.advanceTimersByTime(1000);
    expect(indicator.state.visible).toBe(true);
  });

  it('clear() hides immediately and cancels pending timers', () => {
    const { indicator, changes } = setup();
    indicator.start();
    vi.advanceTimersByTime(400);
    indicator.clear();
    expect(indicator.state).toEqual(initialLoadingState);
    const count = changes.length;
    vi.advanceTimersByTime(5000);
    expect(changes.length).toBe(count);
  });

  it('reports every change through onChange', () => {
    const { indicator, changes } = setup();
    indicator.start();
    vi.advanceTimersByTime(300);
    expect(changes).toEqual([
      { progress: 0, isLoading: true, visible: true },
      { progress: 5, isLoading: true, visible: true },
    ]);
  });
});
