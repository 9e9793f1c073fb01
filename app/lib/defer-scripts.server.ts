// The page's JavaScript is fetched after the first paint (ADR 080). React Router's <Scripts> writes a
// modulepreload link per module and a module script that imports them: the browser fetches all of it while it
// still waits for the stylesheet and the font, so on a slow phone line ~130 KB of script shares the bandwidth
// with what the first paint needs. Here the links go, the module script is kept inert (type
// "application/kk-boot"), and a small inline script adds the same links and runs the same module script once the
// first contentful paint is done. Without JavaScript nothing changes: the page never needed it.

import { PRESSED } from './pressed-before-live.ts';

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const MODULE = ' type="module" async="">';
const NONCE = / nonce="[^"]*"/;

/**
 * The loader: once the browser reports the first contentful paint. Where it cannot (no paint timing) at the load
 * event; where no paint comes (a tab opened in the background) 3 s after it. A paint observer rather than a frame and
 * a timer: it says what happened, and it is not held back by a page whose timers are paused (Playwright's clock).
 */
const LOADER = (hrefs: string[]) =>
  `(function(){var d=document,s=d.getElementById("kk-boot"),h=${JSON.stringify(hrefs).replace(/</g, '\\u003c')};` +
  `function go(){if(!s)return;var b=s;s=null;h.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.appendChild(l)});` +
  `var m=d.createElement("script");m.type="module";m.setAttribute("nonce",b.nonce);m.textContent=b.textContent;b.replaceWith(m)}` +
  `var P=self.PerformanceObserver,t=P&&P.supportedEntryTypes||[];if(t.indexOf("paint")<0)return addEventListener("load",go);` +
  `new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});` +
  `addEventListener("load",function(){setTimeout(go,3000)})})()`;

/**
 * In the head, so that it listens while the rest of the page still arrives: the last button that needs JavaScript
 * pressed before the page is live is noted for its component (pressed-before-live.ts), which acts on it once live.
 */
const PRESS_NOTE = `addEventListener("click",function(e){var b=e.target;b=b&&b.closest&&b.closest('button[type="button"]');if(b&&!document.documentElement.dataset.hydrated)self.${PRESSED}=b},true)`;

// Room for the loader after the page's bytes: it and the press note add ~0.9 KB, less what the removed links held.
const SLACK = 8 * 1024;

/**
 * The document React wrote (its chunks), in one buffer, with its module script deferred to after the first paint;
 * unchanged when it has no module script (a document from another renderer, or one React Router wrote
 * differently: then it loads as it did). This runs for every page rendered, so it works on the bytes in the one
 * buffer the page needs anyway: another 116 KB buffer for a listing, or decoding and encoding it, cost more on
 * this machine (fresh memory pages are slow to touch) than the render's last tenth of a millisecond. The preload
 * links are in the head, where React puts resources; the module script is the last one.
 */
export function deferScripts(chunks: Uint8Array[]): Buffer<ArrayBuffer> {
  const size = chunks.reduce((n, c) => n + c.length, 0);
  const buf = Buffer.allocUnsafe(size + SLACK);
  let offset = 0;
  for (const c of chunks) {
    buf.set(c, offset);
    offset += c.length;
  }
  const html = buf.subarray(0, size);
  const attrs = html.lastIndexOf(MODULE);
  const headEnd = html.indexOf('</head>');
  if (attrs < 0 || headEnd < 0) return html;
  const open = html.lastIndexOf('<script', attrs);
  const close = html.indexOf('</script>', attrs) + '</script>'.length;
  const nonce = NONCE.exec(html.toString('latin1', open, attrs))?.[0] ?? '';
  const hrefs: string[] = [];
  const head = Buffer.from(html.toString('utf8', 0, headEnd).replace(PRELOAD, (_tag, href: string) => (hrefs.push(href), '')) + `<script${nonce}>${PRESS_NOTE}</script>`);
  const boot = Buffer.from(`<script${nonce} type="application/kk-boot" id="kk-boot">`);
  const body = Buffer.from(html.subarray(attrs + MODULE.length, close));
  const loader = Buffer.from(`<script${nonce}>${LOADER(hrefs)}</script>`);
  // The new layout: head, [headEnd, open) moved left, the inert script, the loader, then the rest moved right.
  const at = { boot: head.length + open - headEnd, body: 0, loader: 0, rest: 0 };
  at.body = at.boot + boot.length;
  at.loader = at.body + body.length;
  at.rest = at.loader + loader.length;
  const end = at.rest + size - close;
  if (end > buf.length) return html;
  // In the order that never overwrites bytes still to be moved: the rest first when it moves right.
  if (at.rest >= close) buf.copyWithin(at.rest, close, size);
  buf.copyWithin(head.length, headEnd, open);
  if (at.rest < close) buf.copyWithin(at.rest, close, size);
  head.copy(buf, 0);
  boot.copy(buf, at.boot);
  body.copy(buf, at.body);
  loader.copy(buf, at.loader);
  return buf.subarray(0, end);
}

/** The module files a deferred document loads after its first paint (the loader's list), for checks and the bench. */
export function deferredModules(html: string): string[] {
  const list = /getElementById\("kk-boot"\),h=(\[[^\]]*\])/.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}
