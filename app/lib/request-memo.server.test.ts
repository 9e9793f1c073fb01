import { describe, expect, it } from 'vitest';
import { perRequest } from './request-memo.server.ts';

describe('perRequest', () => {
  it('loads once per GET request and key', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const a = new Request('http://shop.test/');
    expect(await Promise.all([perRequest(a, 'x', load), perRequest(a, 'x', load)])).toEqual([1, 1]);
    expect(await perRequest(a, 'y', load)).toBe(2);
    expect(await perRequest(new Request('http://shop.test/'), 'x', load)).toBe(3);
  });

  it('never remembers for a request that may write', async () => {
    let loads = 0;
    const post = new Request('http://shop.test/', { method: 'POST' });
    await perRequest(post, 'x', async () => ++loads);
    expect(await perRequest(post, 'x', async () => ++loads)).toBe(2);
  });
});
