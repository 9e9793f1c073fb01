// The production front of deploy/nginx-kiemkracht.conf, run for a test: the owner's file with its ports, certificate
// and upstream replaced, a throw-away self-signed certificate, and Debian's nginx as the user running the test.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server.ts';

export const NGINX_SITE = 'deploy/nginx-kiemkracht.conf';

/** Debian's nginx, or null when not installed (it lives in /usr/sbin, outside a normal user's PATH). */
export const nginxBinary = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? null;

/** A self-signed certificate for localhost, valid a day (openssl): key.pem and cert.pem in `dir`. */
export function selfSignedCertificate(dir: string) {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { key, cert };
}

/** Replaces `from` in the site file, which must be there: a test that no longer matches the owner's file fails. */
function substitute(text: string, from: string | RegExp, to: string) {
  const replaced = text.replace(from, to);
  if (replaced === text) throw new Error(`${NGINX_SITE} no longer contains ${from}`);
  return replaced;
}

export type NginxFront = { url: string; httpUrl: string; port: number; close: () => Promise<void> };

/** nginx with the site file in front of `upstream` (host:port), on free ports of 127.0.0.1: https and plain http. */
export async function startNginxFront(upstream: string, port?: number): Promise<NginxFront> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed (apt-get install -y nginx-light)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-nginx-'));
  const { key, cert } = selfSignedCertificate(dir);
  const httpsPort = port ?? (await freePort());
  const httpPort = await freePort();
  let site = fs.readFileSync(NGINX_SITE, 'utf8');
  site = substitute(site, /^\s*listen \[::\]:\d+.*\n/gm, '');
  site = substitute(site, 'listen 443 ', `listen 127.0.0.1:${httpsPort} `);
  site = substitute(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
  site = substitute(site, /ssl_certificate \S+;/, `ssl_certificate ${cert};`);
  site = substitute(site, /ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`);
  site = substitute(site, 'server 127.0.0.1:3000;', `server ${upstream};`);
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  // The rest of Debian's /etc/nginx/nginx.conf, with every path nginx writes in the temporary folder. As root the
  // workers would otherwise run as nobody, who cannot write there.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`).join('\n  ');
  const main = `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  gzip on;
  access_log off;
  ${temp}
  include ${dir}/site.conf;
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), main);
  const child: ChildProcess = spawn(nginx, ['-e', `${dir}/error.log`, '-p', dir, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const httpUrl = `http://127.0.0.1:${httpPort}`;
  // Up once the plain-HTTP server answers its redirect.
  for (const deadline = Date.now() + 15_000; ; ) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${fs.readFileSync(`${dir}/error.log`, 'utf8')}`);
    if (await fetch(httpUrl, { redirect: 'manual' }).then((r) => r.status === 301, () => false)) break;
    if (Date.now() > deadline) throw new Error('nginx did not start within 15 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `https://localhost:${httpsPort}`,
    httpUrl,
    port: httpsPort,
    close: async () => {
      // SIGQUIT: nginx's graceful stop.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
