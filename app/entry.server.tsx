import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { NonceProvider } from './components/nonce.tsx';
import { SnapshotContext } from './components/server-snapshot.tsx';
import { snapshot } from './lib/snapshot.server.tsx';
import { deferScripts } from './lib/defer-scripts.server.ts';
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
    // Cleared once the page is written: a pending timer holds `abort`, and with it the whole render (the element
    // tree, the router context, the loaders' data), so every page rendered in the last six seconds stayed alive,
    // was copied out of the young generation and left for the full collector.
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <SnapshotContext value={snapshot}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SnapshotContext>
      </NonceProvider>,
      {
        nonce,
        // Keep finished boundaries (e.g. the age gate) inline instead of streaming them behind a script,
        // so the document works without JavaScript.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // The server renders no Suspense boundary that waits (the lazy parts load on interaction), so the whole
        // document is ready with the shell: sent as one buffer, it is compressed and written in one pass instead
        // of one thread-pool round and socket write per 4 KB chunk React flushes.
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Uint8Array[] = [];
          const sink = new Writable({
            write(chunk: Uint8Array, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              resolve(new Response(deferScripts(chunks), { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged by the server; before it, they reject above.
          if (shellRendered) console.error(error);
        },
      },
    );
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}
