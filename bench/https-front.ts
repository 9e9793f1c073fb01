// What a phone reaches in production: HTTPS with HTTP/2 from the proxy in front of the shop (README, "Running in
// production"), not HTTP/1.1 on localhost. A minimal TLS + HTTP/2 front with a throw-away self-signed certificate
// (openssl), forwarding to the shop as such a proxy does (Host, X-Forwarded-Proto/For). Only for the bench.
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from '../tests/e2e/nginx-front.ts';

// Connection-level headers HTTP/2 forbids (RFC 9113 §8.2.2).
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'host']);

export async function startHttpsFront(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-front-'));
  const { key, cert } = selfSignedCertificate(dir);
  const up = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert), allowHTTP1: true }, (req, res) => {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !k.startsWith(':') && !HOP.has(k)) headers[k] = v;
    headers.host = (req.headers[':authority'] as string | undefined) ?? req.headers.host ?? up.host;
    headers['x-forwarded-proto'] = 'https';
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
    const forward = http.request({ host: up.hostname, port: up.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      const out: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !HOP.has(k)) out[k] = v;
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
    });
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    close: async () => {
      // Not waiting for open sessions: the browser that held them is gone by now.
      server.close();
      agent.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
