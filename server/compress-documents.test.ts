import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBuffer, BROTLI_OPTIONS, compressDocuments, GZIP_LEVEL } from './compress-documents.ts';

// The raw answer (fetch would decompress it and drop what the test looks at).
function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; chunks: number }>((resolve, reject) => {
    http
      .request(base + path, { method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts), chunks: parts.length }));
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

describe('compressDocuments', () => {
  const page = `<!doctype html><html><body>${'<p class="regel">Kiemkracht zaden</p>'.repeat(400)}</body></html>`;
  let base = '';
  let close = () => {};
  let releaseCsv = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(compression({ level: GZIP_LEVEL, brotli: BROTLI_OPTIONS }));
    app.use(compressDocuments());
    // As React Router sends a page: the headers, the body in pieces, then end().
    app.get('/page', (_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.write(page.slice(0, 5000));
      res.write(Buffer.from(page.slice(5000)));
      res.end();
    });
    app.get('/small', (_req, res) => void res.type('html').send('<p>kort</p>'));
    app.get('/no-transform', (_req, res) => void res.set('Cache-Control', 'no-transform').type('html').send(page));
    // A CSV export: its first rows must reach the client before the last are written.
    app.get('/export.csv', (_req, res) => {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.write('nummer;totaal\n' + 'KK-1;100\n'.repeat(500));
      (res as unknown as { flush?: () => void }).flush?.();
      releaseCsv = () => res.end('KK-2;200\n');
    });
    const server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('sends a page as one brotli body of known length when the browser accepts brotli', async () => {
    const res = await get(base, '/page', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(page);
  });

  it('gzip when brotli is not accepted, the page as it is when nothing is', async () => {
    const gz = await get(base, '/page', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(page);
    const refused = await get(base, '/page', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(page);
    const plain = await get(base, '/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it('leaves a tiny page, a no-transform page and HEAD uncompressed', async () => {
    const small = await get(base, '/small', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('<p>kort</p>');
    const kept = await get(base, '/no-transform', { 'accept-encoding': 'br' });
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.body.toString()).toBe(page);
    const head = await get(base, '/page', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('leaves a download to the streaming middleware: its first rows arrive before it ends', async () => {
    const first = new Promise<Buffer>((resolve, reject) => {
      http
        .request(`${base}/export.csv`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          expect(res.headers['content-encoding']).toBe('gzip');
          const gunzip = zlib.createGunzip();
          res.pipe(gunzip);
          gunzip.once('data', (c: Buffer) => {
            resolve(c);
            releaseCsv();
          });
        })
        .on('error', reject)
        .end();
    });
    expect((await first).toString()).toMatch(/^nummer;totaal\nKK-1;100/);
  });

  it('takes a written chunk as it is: a view of its bytes, not a copy', () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5]).subarray(1, 4);
    const view = asBuffer(bytes);
    expect([...view]).toEqual([2, 3, 4]);
    bytes[0] = 9;
    expect(view[0]).toBe(9);
    expect(asBuffer('zaad', 'utf8').toString()).toBe('zaad');
    const buf = Buffer.from('kiem');
    expect(asBuffer(buf)).toBe(buf);
  });
});
