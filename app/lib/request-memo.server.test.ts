import { describe, expect, it } from 'vitest';
import { perRequest, requestScope } from './request-memo.server.ts';

/** Runs `fn` as the handler of one HTTP request with `method`, as Express would after requestScope. */
const inRequest = <T>(method: string, fn: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => requestScope({ method }, null, () => void fn().then(resolve, reject)));

describe('perRequest', () => {
  it('loads once per GET request, key and cookies, whichever Request object the loader got', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const req = (cookie = '') => new Request('http://shop.test/', { headers: { cookie } });
    await inRequest('GET', async () => {
      // React Router gives the root loader and the page's loader different Request objects.
      expect(await Promise.all([perRequest(req(), 'x', load), perRequest(req(), 'x', load)])).toEqual([1, 1]);
      expect(await perRequest(req(), 'y', load)).toBe(2);
      // The page cache reads the cart visitor's cart with their cookie while the page renders without it.
      expect(await perRequest(req('cart=abc'), 'x', load)).toBe(3);
    });
    // The next request reads again.
    await inRequest('GET', async () => expect(await perRequest(req(), 'x', load)).toBe(4));
  });

  it('never remembers for a request that may write, nor outside a request', async () => {
    let loads = 0;
    const post = new Request('http://shop.test/', { method: 'POST' });
    await inRequest('POST', async () => {
      await perRequest(post, 'x', async () => ++loads);
      expect(await perRequest(post, 'x', async () => ++loads)).toBe(2);
    });
    const get = new Request('http://shop.test/');
    await perRequest(get, 'x', async () => ++loads);
    expect(await perRequest(get, 'x', async () => ++loads)).toBe(4);
  });
});
