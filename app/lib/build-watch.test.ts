import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { BUILD_POLL_MS, latestBuildUrl, RELOAD_GUARD_MS, RELOAD_KEY, shouldReload } from './build-watch.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: vi.fn((key: string) => data.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => {
      data.set(key, value);
    }),
  };
}

describe('build watch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the spec constants', () => {
    expect({ RELOAD_GUARD_MS, BUILD_POLL_MS, RELOAD_KEY }).toEqual({
      RELOAD_GUARD_MS: 10_000,
      BUILD_POLL_MS: 60_000,
      RELOAD_KEY: 'kk:reload-at',
    });
  });

  it('allows the first reload and records when it happened', () => {
    const storage = memoryStorage();
    expect(shouldReload(storage, Date.now())).toBe(true);
    expect(storage.data.get(RELOAD_KEY)).toBe(String(Date.now()));
  });

  it('blocks a second reload within 10 s and allows it after', () => {
    const storage = memoryStorage();
    expect(shouldReload(storage, Date.now())).toBe(true);

    vi.advanceTimersByTime(RELOAD_GUARD_MS - 1);
    expect(shouldReload(storage, Date.now())).toBe(false);

    vi.advanceTimersByTime(1);
    expect(shouldReload(storage, Date.now())).toBe(true);
    // The allowed reload starts a new guard window.
    vi.advanceTimersByTime(5_000);
    expect(shouldReload(storage, Date.now())).toBe(false);
  });

  it('a blocked attempt does not extend the guard window', () => {
    const storage = memoryStorage();
    const start = Date.now();
    shouldReload(storage, start);
    shouldReload(storage, start + 9_000);
    expect(storage.data.get(RELOAD_KEY)).toBe(String(start));
    expect(shouldReload(storage, start + 10_000)).toBe(true);
  });

  it('ignores garbage or future timestamps in storage', () => {
    expect(shouldReload(memoryStorage({ [RELOAD_KEY]: 'abc' }), Date.now())).toBe(true);
    expect(shouldReload(memoryStorage({ [RELOAD_KEY]: String(Date.now() + 60_000) }), Date.now())).toBe(true);
  });

  it('refuses when storage is unavailable, so it can never loop', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(shouldReload(broken, Date.now())).toBe(false);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(shouldReload(full, Date.now())).toBe(false);
  });

  it('builds a cache-busting latest-build URL', () => {
    expect(latestBuildUrl(1_700_000_000_000)).toBe('/_build/latest.json?t=1700000000000');
    expect(latestBuildUrl(1)).not.toBe(latestBuildUrl(2));
  });
});
