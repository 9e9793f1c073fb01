import type * as ReactRouter from 'react-router';
import type { AppLoadContext, EntryContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The router is replaced by a plain page: what is tested here is the document's render and its timers.
vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactRouter>()),
  ServerRouter: ({ url }: { url: string }) => <p>{`pagina voor ${url}`}</p>,
}));

const { default: handleRequest, streamTimeout } = await import('./entry.server.tsx');

afterEach(() => vi.restoreAllMocks());

describe('handleRequest', () => {
  it('renders the whole document into one response', async () => {
    const response = await handleRequest(new Request('http://shop.test/faq'), 200, new Headers(), {} as EntryContext, { nonce: 'n' } as AppLoadContext);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('pagina voor http://shop.test/faq');
  });

  it('clears its abort timer once the page is written, so the render is not kept alive for seconds', async () => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    await handleRequest(new Request('http://shop.test/'), 200, new Headers(), {} as EntryContext, { nonce: 'n' } as AppLoadContext);
    const index = set.mock.calls.findIndex(([, ms]) => ms === streamTimeout + 1000);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(clear).toHaveBeenCalledWith(set.mock.results[index]!.value);
  });
});
