// The page's JavaScript is fetched after the first paint (ADR 080). React Router's <Scripts> writes a
// modulepreload link per module and a module script that imports them: the browser fetches all of it while it
// still waits for the stylesheet and the font, so on a slow phone line ~130 KB of script shares the bandwidth
// with what the first paint needs. Here the links go, the module script is kept inert (type
// "application/kk-boot"), and a small inline script adds the same links and runs the same module script once the
// first contentful paint is done. Without JavaScript nothing changes: the page never needed it.

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const MODULE = /<script( nonce="[^"]*")? type="module" async="">/;

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
 * The document with its module script deferred to after the first paint; unchanged when it has no module
 * script (a document from another renderer, or one React Router wrote differently: then it loads as it did).
 */
export function deferScripts(html: string): string {
  const module = MODULE.exec(html);
  if (!module) return html;
  const hrefs: string[] = [];
  const withoutPreloads = html.replace(PRELOAD, (_tag, href: string) => (hrefs.push(href), ''));
  const nonce = module[1] ?? '';
  return withoutPreloads.replace(MODULE, () => `<script${nonce} type="application/kk-boot" id="kk-boot">`).replace(
    // The loader right after the inert script: the first `</script>` after it closes that one.
    /(<script[^>]* id="kk-boot">[\s\S]*?<\/script>)/,
    (boot) => `${boot}<script${nonce}>${LOADER(hrefs)}</script>`,
  );
}

/** The module files a deferred document loads after its first paint (the loader's list), for checks and the bench. */
export function deferredModules(html: string): string[] {
  const list = /getElementById\("kk-boot"\),h=(\[[^\]]*\])/.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}
