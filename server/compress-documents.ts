import zlib from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

// Pages are compressed per request (each carries its own nonce), so the setting is a CPU cost per page. Brotli at
// quality 2 takes half the CPU of quality 4 for some 7 % more bytes and is still smaller than gzip at level 4;
// gzip, for the rest, at level 4: about half the CPU of the default 6 for some 4 % more bytes.
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } };
export const GZIP_LEVEL = 4;
// As the compression middleware: a smaller answer costs more to compress than it saves.
const MIN_BYTES = 1024;

/**
 * HTML documents compressed in one synchronous call on the whole page, in front of the compression middleware
 * (which keeps everything else, streamed: CSV exports, data requests). Every page here is complete before its first
 * byte is sent (entry.server.tsx renders into one buffer, the page cache holds whole pages), and the middleware's
 * stream costs a page a round trip through libuv's thread pool per chunk, which halved the pages served per second
 * (ADR 040). A page the middleware sees already encoded, it leaves alone.
 */
export function compressDocuments() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'HEAD') return next();
    // The smaller brotli whenever accepted (browsers list gzip first at the same weight).
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : null;
    if (!encoding) return next();
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    // Decided at the first write or end, when the headers are known; null: passed on untouched.
    let chunks: Buffer[] | null | undefined;
    const buffering = () => {
      if (chunks !== undefined) return chunks !== null;
      const html = String(res.getHeader('content-type') ?? '').startsWith('text/html');
      const encoded = res.hasHeader('content-encoding') || /\bno-transform\b/.test(String(res.getHeader('cache-control') ?? ''));
      chunks = html && !encoded && !res.headersSent ? [] : null;
      return chunks !== null;
    };
    const keep = (chunk: unknown, enc: unknown) => {
      if (chunk == null || typeof chunk === 'function') return;
      chunks!.push(asBuffer(chunk as string | Uint8Array, enc));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!buffering()) return write(chunk, ...rest);
      keep(chunk, rest[0]);
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      if (callback) process.nextTick(callback);
      return true;
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (!buffering()) return end(chunk, ...rest);
      keep(chunk, rest[0]);
      const callback = [chunk, ...rest].find((arg) => typeof arg === 'function');
      let body = chunks!.length === 1 ? chunks![0]! : Buffer.concat(chunks!);
      res.vary('Accept-Encoding');
      if (body.length >= MIN_BYTES && res.statusCode !== 204 && res.statusCode !== 304) {
        body = encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body, { level: GZIP_LEVEL });
        res.setHeader('Content-Encoding', encoding);
      }
      res.setHeader('Content-Length', body.length);
      return end(body, callback);
    }) as Response['end'];
    next();
  };
}

/** A written chunk as a Buffer without copying its bytes (a writer must not change a chunk it has written). */
export function asBuffer(chunk: string | Uint8Array, encoding?: unknown): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
