import fs from 'node:fs'; import path from 'node:path'; import zlib from 'node:zlib';
for (const p of ['/', '/product/northern-lights', '/collecties/hoog-thc', '/product', '/seedfinder', '/faq']) {
  const html = await (await fetch('http://localhost:3300' + p, { headers: { cookie: 'age_verified=1' } })).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) urls.add(m[1]!);
  let gz = 0; const parts: string[] = [];
  for (const u of urls) { const n = zlib.gzipSync(fs.readFileSync(path.join('build/client', u)), { level: 9 }).length; gz += n; parts.push(`${path.basename(u)}:${(n/1024).toFixed(1)}`); }
  console.log(p, (gz / 1024).toFixed(1), 'KB');
  if (p === '/product/northern-lights') console.log(parts.join(' '));
}
