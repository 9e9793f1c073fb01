// Small JSON fetch wrapper with ofetch-style retry and errors.

/** Statuses worth a second try: timeouts, conflicts, rate limits and gateway/server hiccups. */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

// Only idempotent methods may be repeated; a retried POST could place an order twice.
const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// HTTP/2 responses carry no reason phrase, so fall back to the standard one for the error message.
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  422: 'Unprocessable Content',
  425: 'Too Early',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export type HttpInit = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  fetch?: typeof fetch;
};

export class HttpError<D = unknown> extends Error {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly data: D | undefined;

  constructor(method: string, url: string, statusCode: number, statusMessage: string, data: D | undefined) {
    super(`[${method}] ${JSON.stringify(url)}: ${`${statusCode} ${statusMessage}`.trim()}`);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.statusMessage = statusMessage;
    this.data = data;
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/** Reads the body once: empty (e.g. 204) → json undefined, JSON → parsed, other text → json undefined + text. */
async function readBody(response: Response): Promise<{ json: unknown; text: string }> {
  const text = await response.text();
  if (text === '') return { json: undefined, text };
  try {
    return { json: JSON.parse(text) as unknown, text };
  } catch {
    return { json: undefined, text };
  }
}

export async function http<T>(url: string, init: HttpInit = {}): Promise<T> {
  const method = (init.method ?? 'GET').toUpperCase();
  const doFetch = init.fetch ?? globalThis.fetch;
  const hasBody = init.body !== undefined;

  const headers = new Headers({ accept: 'application/json' });
  if (hasBody) headers.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);

  const request: RequestInit = { method, headers };
  if (hasBody) request.body = JSON.stringify(init.body);
  if (init.signal) request.signal = init.signal;

  let retriesLeft = RETRYABLE_METHODS.has(method) ? 1 : 0;
  for (;;) {
    let response: Response;
    try {
      response = await doFetch(url, request);
    } catch (error) {
      // A user abort is intentional; only genuine network failures get another try.
      if (retriesLeft > 0 && !isAbort(error, init.signal)) {
        retriesLeft--;
        continue;
      }
      throw error;
    }

    if (!response.ok && retriesLeft > 0 && RETRY_STATUSES.includes(response.status)) {
      retriesLeft--;
      // Free the connection before trying again.
      await response.body?.cancel().catch(() => undefined);
      continue;
    }

    const { json, text } = await readBody(response);
    if (!response.ok) {
      const statusMessage = response.statusText || REASON_PHRASES[response.status] || '';
      throw new HttpError(method, url, response.status, statusMessage, json);
    }
    // A non-JSON success body (rare) is handed back as text rather than lost.
    return (json === undefined && text !== '' ? text : json) as T;
  }
}
