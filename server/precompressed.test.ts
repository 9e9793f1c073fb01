import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressedAssets } from './precompressed.ts';

describe('precompressed assets', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-assets-'));
  const js = 'export const a = 1;\n'.repeat(200);
  let base = '';
  let close = () => {};
  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'a.js'), js);
    fs.writeFileSync(path.join(dir, 'a.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dir, 'a.js.gz'), zlib.gzipSync(js));
    fs.writeFileSync(path.join(dir, 'b.css'), 'p{}');
    const app = express();
    app.use(compression({ level: 4 }));
    app.use('/assets', precompressedAssets(dir), express.static(dir, { index: false }));
    const server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (file: string, acceptEncoding: string) => fetch(`${base}/assets/${file}`, { headers: { 'accept-encoding': acceptEncoding } });

  it('serves the brotli file when the browser accepts it, as the script it is', async () => {
    const res = await get('a.js', 'gzip, deflate, br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(Number(res.headers.get('content-length'))).toBe(fs.statSync(path.join(dir, 'a.js.br')).size);
    expect(await res.text()).toBe(js);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('a.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(js);
    const plain = await get('a.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(js);
  });

  it('leaves files without a compressed twin to express.static', async () => {
    const res = await get('b.css', 'br');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('p{}');
    expect((await get('missing.js', 'br')).status).toBe(404);
  });
});
