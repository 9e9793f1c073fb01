import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchMode } from './prefetch.ts';

describe('prefetchMode', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('prefetches on intent in a browser on a normal connection', () => {
    vi.stubGlobal('navigator', { connection: { effectiveType: '4g', saveData: false } });
    expect(prefetchMode()).toBe('intent');
    vi.stubGlobal('navigator', {});
    expect(prefetchMode()).toBe('intent');
  });
  it.each([{ saveData: true, effectiveType: '4g' }, { effectiveType: '2g' }, { effectiveType: 'slow-2g' }])('never on %o', (connection) => {
    vi.stubGlobal('navigator', { connection });
    expect(prefetchMode()).toBe('none');
  });
  it('never on the server', () => {
    vi.stubGlobal('navigator', undefined);
    expect(prefetchMode()).toBe('none');
  });
});
