import { describe, it, expect, vi } from 'vitest';
import { http, HttpError, RETRY_STATUSES } from './http.ts';

const REASON: Record<number, string> = {
  408: 'Request Timeout',
  409: 'Conflict',
  425: 'Too Early',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function json(data: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(data), { status, statusText, headers: { 'content-type': 'application/json' } });
}

/** A fetch double that answers from the list in order and then keeps repeating the last answer. */
function fakeFetch(...answers: Array<() => Response | Promise<Response>>) {
  let call = 0;
  return vi.fn<typeof fetch>(async () => {
    const answer = answers[Math.min(call++, answers.length - 1)];
    if (!answer) throw new Error('no answer configured');
    return answer();
  });
}

describe('http', () => {
  it('lists the retry statuses from the spec', () => {
    expect([...RETRY_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  describe.each(['GET', 'HEAD', 'OPTIONS'])('%s', (method) => {
    it.each(RETRY_STATUSES.map((s) => [s]))('retries exactly once on %i, then throws', async (status) => {
      const f = fakeFetch(() => json({ error: 'busy' }, status, REASON[status]));
      const error = await http('/x', { method, fetch: f }).catch((e: unknown) => e);
      expect(f).toHaveBeenCalledTimes(2);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(status);
    });

    it('returns the second answer when the retry succeeds', async () => {
      const f = fakeFetch(
        () => json({}, 503, 'Service Unavailable'),
        () => (method === 'HEAD' ? new Response(null, { status: 200 }) : json({ ok: true })),
      );
      const result = await http('/x', { method, fetch: f });
      expect(f).toHaveBeenCalledTimes(2);
      expect(result).toEqual(method === 'HEAD' ? undefined : { ok: true });
    });

    it('retries once on a network error', async () => {
      const f = vi
        .fn<typeof fetch>()
        .mockRejectedValueOnce(new TypeError('fetch failed'))
        .mockResolvedValueOnce(json({ ok: 1 }));
      await expect(http('/x', { method, fetch: f })).resolves.toEqual({ ok: 1 });
      expect(f).toHaveBeenCalledTimes(2);
    });
  });

  describe.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s', (method) => {
    it.each(RETRY_STATUSES.map((s) => [s]))('never retries on %i', async (status) => {
      const f = fakeFetch(() => json({}, status, REASON[status]));
      await expect(http('/x', { method, body: { a: 1 }, fetch: f })).rejects.toMatchObject({ statusCode: status });
      expect(f).toHaveBeenCalledTimes(1);
    });

    it('never retries on a network error', async () => {
      const f = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('fetch failed'));
      await expect(http('/x', { method, fetch: f })).rejects.toThrow('fetch failed');
      expect(f).toHaveBeenCalledTimes(1);
    });
  });

  it.each(['GET', 'POST'])('never retries a 404 (%s)', async (method) => {
    const f = fakeFetch(() => json({ message: 'weg' }, 404, 'Not Found'));
    await expect(http('/x', { method, fetch: f })).rejects.toMatchObject({ statusCode: 404 });
    expect(f).toHaveBeenCalledTimes(1);
  });

  it('matches the method case-insensitively', async () => {
    const f = fakeFetch(() => json({}, 500, 'Internal Server Error'));
    await expect(http('/x', { method: 'post', fetch: f })).rejects.toBeInstanceOf(HttpError);
    expect(f).toHaveBeenCalledTimes(1);
    expect(f.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('does not retry an aborted GET', async () => {
    const controller = new AbortController();
    controller.abort();
    const f = vi.fn<typeof fetch>().mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(http('/x', { signal: controller.signal, fetch: f })).rejects.toMatchObject({ name: 'AbortError' });
    expect(f).toHaveBeenCalledTimes(1);
    expect(f.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });

  it('parses a JSON success body', async () => {
    const f = fakeFetch(() => json({ id: 'abc', items: [1, 2] }));
    await expect(http<{ id: string; items: number[] }>('/x', { fetch: f })).resolves.toEqual({ id: 'abc', items: [1, 2] });
  });

  it('returns undefined for 204 No Content', async () => {
    const f = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(http('/x', { method: 'DELETE', fetch: f })).resolves.toBeUndefined();
  });

  it('sends a JSON body with JSON headers and keeps custom headers', async () => {
    const f = fakeFetch(() => json({ ok: true }, 201));
    await http('/api/cart', { method: 'POST', body: { sku: 'kk-1', qty: 2 }, headers: { 'x-csrf': 't0k' }, fetch: f });
    const init = f.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"sku":"kk-1","qty":2}');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('x-csrf')).toBe('t0k');
  });

  it('sends no body or content-type without a body', async () => {
    const f = fakeFetch(() => json({}));
    await http('/x', { fetch: f });
    const init = f.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get('content-type')).toBeNull();
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
  });

  it('throws HttpError with status, message and parsed data', async () => {
    const f = fakeFetch(() => json({ field: 'email' }, 422, 'Unprocessable Entity'));
    const error = await http('/api/signup', { method: 'POST', fetch: f }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      statusCode: 422,
      statusMessage: 'Unprocessable Entity',
      data: { field: 'email' },
      message: '[POST] "/api/signup": 422 Unprocessable Entity',
    });
  });

  it('falls back to the standard reason phrase and undefined data for a non-JSON error body', async () => {
    const f = fakeFetch(() => new Response('<html>down</html>', { status: 503 }));
    const error = await http('/x', { fetch: f }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: '[GET] "/x": 503 Service Unavailable', statusMessage: 'Service Unavailable', data: undefined });
  });
});
