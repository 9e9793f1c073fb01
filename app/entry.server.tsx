import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { NonceProvider } from './components/nonce.tsx';
import { outageHeaders, outagePage, reportDbError } from './lib/db-outage.ts';
import './load-context.ts';

export const streamTimeout = 5_000;

// Requests whose loader or action failed because the database is unreachable: they get the 503 page.
const outageRequests = new WeakSet<Request>();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (reportDbError(error)) {
    outageRequests.add(request);
    return;
  }
  // A 4xx the router raised itself (e.g. a POST to a page without an action) is the client's mistake.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (!request.signal.aborted) console.error(error);
};

export function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (!outageRequests.has(request)) return response;
  return new Response(outagePage(), { status: 503, headers: outageHeaders() });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  if (outageRequests.has(request)) return new Response(outagePage(), { status: 503, headers: outageHeaders() });
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers get the whole document at once; browsers get it streamed.
    const readyEvent = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Keep finished boundaries (e.g. the age gate) inline instead of streaming them behind a script,
        // so the document works without JavaScript.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged by the server; before it, they reject above.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
