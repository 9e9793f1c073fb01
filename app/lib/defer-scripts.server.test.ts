import { describe, expect, it } from 'vitest';
import { deferredModules, deferScripts as deferBytes } from './defer-scripts.server.ts';

// As React hands the document over: in chunks, cut anywhere.
const deferScripts = (html: string) => {
  const bytes = Buffer.from(html);
  return deferBytes([bytes.subarray(0, 7), bytes.subarray(7, 200), bytes.subarray(200)]).toString('utf8');
};

// The shape React Router's <Scripts> writes (7.18): preload links in the head, one async module script.
const page = (nonce = ' nonce="abc"') =>
  `<html><head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/entry.client-1.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/root-2.js"${nonce}/></head><body><h1>Kiemkracht</h1>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">import * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-1.js");</script>` +
  `<script${nonce}>window.__reactRouterContext.streamController.close();</script></body></html>`;

describe('deferScripts', () => {
  it('takes the preload links out and keeps the module script inert, with a loader after it', () => {
    const html = deferScripts(page());
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain('<script nonce="abc" type="application/kk-boot" id="kk-boot">import * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-1.js");</script><script nonce="abc">(function(){');
    // Everything else is where it was: the stylesheet, the content, the router's data scripts.
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain('<h1>Kiemkracht</h1>');
    expect(html.indexOf('streamController.close()')).toBeGreaterThan(html.indexOf('id="kk-boot"'));
  });

  it('moves nothing else: the page is the same bytes around the two changes', () => {
    const html = deferScripts(page());
    const loader = /<script nonce="abc">\(function\(\)\{[\s\S]*?<\/script>/.exec(html)![0];
    const note = /<script nonce="abc">addEventListener\("click"[\s\S]*?<\/script>/.exec(html)![0];
    expect(html).toBe(
      `<html><head><link rel="stylesheet" href="/assets/app.css"/>${note}</head><body><h1>Kiemkracht</h1>` +
        '<script nonce="abc">window.__reactRouterContext = {};</script>' +
        '<script nonce="abc" type="application/kk-boot" id="kk-boot">import * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-1.js");</script>' +
        loader +
        '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>',
    );
    // Letters beyond ASCII before and after the script keep their bytes.
    const dutch = page().replace('<h1>Kiemkracht</h1>', '<h1>Zaden – één keer</h1>').replace('</body>', '<p>Privé ✓</p></body>');
    const deferred = deferScripts(dutch);
    expect(deferred).toContain('<h1>Zaden – één keer</h1>');
    expect(deferred.endsWith('<p>Privé ✓</p></body></html>')).toBe(true);
  });

  it('lists the preloaded modules in the loader, in their order', () => {
    expect(deferredModules(deferScripts(page()))).toEqual(['/assets/entry.client-1.js', '/assets/root-2.js']);
    expect(deferredModules(page())).toEqual([]);
  });

  it('works without a nonce (no CSP) and leaves a document without a module script alone', () => {
    expect(deferScripts(page(''))).toContain('<script type="application/kk-boot" id="kk-boot">');
    const plain = '<html><body><p>Onderhoud</p></body></html>';
    expect(deferScripts(plain)).toBe(plain);
  });

  it('the loader runs the module script once, at the first contentful paint, 3 s after the load event where nothing paints, or at the load event without paint timing', () => {
    const loader = /<script nonce="abc">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(deferScripts(page()))![1]!;
    const run = (paintTiming = true) => {
      const added: { tag: string; attrs: Record<string, string>; text?: string }[] = [];
      const boot = { nonce: 'abc', textContent: 'import("/assets/entry.client-1.js");', replaceWith: (m: { attrs: Record<string, string>; text: string }) => added.push({ tag: 'script', attrs: m.attrs, text: m.text }) };
      class Element {
        attrs: Record<string, string> = {};
        text = '';
        set rel(v: string) { this.attrs.rel = v; }
        set href(v: string) { this.attrs.href = v; }
        set type(v: string) { this.attrs.type = v; }
        set textContent(v: string) { this.text = v; }
        setAttribute(k: string, v: string) { this.attrs[k] = v; }
      }
      const element = () => new Element();
      const document = {
        getElementById: (id: string) => (id === 'kk-boot' ? boot : null),
        createElement: element,
        head: { appendChild: (l: { attrs: Record<string, string> }) => added.push({ tag: 'link', attrs: l.attrs }) },
      };
      let observer: ((list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect: () => void }) => void) | undefined;
      let observed: unknown;
      let load: (() => void) | undefined;
      const timers: [() => void, number][] = [];
      class PerformanceObserver {
        static supportedEntryTypes = paintTiming ? ['navigation', 'paint'] : ['navigation'];
        constructor(callback: typeof observer) { observer = callback; }
        observe(options: unknown) { observed = options; }
      }
      const self = { PerformanceObserver };
      new Function('document', 'self', 'addEventListener', 'setTimeout', loader)(document, self, (type: string, f: () => void) => type === 'load' && (load = f), (f: () => void, ms: number) => timers.push([f, ms]));
      const paint = (name: string) => observer!({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect: () => {} });
      return { added, paint, load: () => load!(), observed, timers };
    };
    const expected = [
      { tag: 'link', attrs: { rel: 'modulepreload', href: '/assets/entry.client-1.js' } },
      { tag: 'link', attrs: { rel: 'modulepreload', href: '/assets/root-2.js' } },
      { tag: 'script', attrs: { type: 'module', nonce: 'abc' }, text: 'import("/assets/entry.client-1.js");' },
    ];
    const painted = run();
    expect(painted.observed).toEqual({ type: 'paint', buffered: true });
    painted.paint('first-paint');
    expect(painted.added).toEqual([]);
    painted.paint('first-contentful-paint');
    expect(painted.added).toEqual(expected);
    // A tab in the background paints nothing: 3 s after the load event it starts anyway.
    const hidden = run();
    hidden.load();
    expect(hidden.added).toEqual([]);
    expect(hidden.timers.map(([, ms]) => ms)).toEqual([3000]);
    hidden.timers[0]![0]();
    expect(hidden.added).toEqual(expected);
    // A browser without paint timing starts at the load event.
    const old = run(false);
    expect(old.observed).toBeUndefined();
    old.load();
    expect(old.added).toEqual(expected);
  });

  it('a script in the head notes the last button that needs JavaScript pressed before the page is live, and nothing after', () => {
    const note = /<head>[\s\S]*<script nonce="abc">(addEventListener\("click"[\s\S]*?)<\/script><\/head>/.exec(deferScripts(page()))![1]!;
    let click: ((e: { target: unknown }) => void) | undefined;
    const self: Record<string, unknown> = {};
    const document = { documentElement: { dataset: {} as Record<string, string> } };
    new Function('document', 'self', 'addEventListener', note)(document, self, (type: string, f: typeof click, capture?: boolean) => type === 'click' && capture && (click = f));
    const tab = { closest: (s: string) => (s === 'button[type="button"]' ? tab : null) };
    const icon = { closest: (s: string) => (s === 'button[type="button"]' ? tab : null) };
    const link = { closest: () => null };
    click!({ target: link });
    expect(self.kkPressed).toBeUndefined();
    click!({ target: icon });
    expect(self.kkPressed).toBe(tab);
    self.kkPressed = undefined;
    document.documentElement.dataset.hydrated = 'true';
    click!({ target: tab });
    expect(self.kkPressed).toBeUndefined();
  });
});
