import { describe, expect, it } from 'vitest';
import { deferredModules, deferScripts } from './defer-scripts.server.ts';

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

  it('lists the preloaded modules in the loader, in their order', () => {
    expect(deferredModules(deferScripts(page()))).toEqual(['/assets/entry.client-1.js', '/assets/root-2.js']);
    expect(deferredModules(page())).toEqual([]);
  });

  it('works without a nonce (no CSP) and leaves a document without a module script alone', () => {
    expect(deferScripts(page(''))).toContain('<script type="application/kk-boot" id="kk-boot">');
    const plain = '<html><body><p>Onderhoud</p></body></html>';
    expect(deferScripts(plain)).toBe(plain);
  });

  it('the loader runs the module script once, after a painted frame or after a second', () => {
    const loader = /<script nonce="abc">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(deferScripts(page()))![1]!;
    const added: { tag: string; attrs: Record<string, string>; text?: string }[] = [];
    let frame: (() => void) | undefined;
    const timers: (() => void)[] = [];
    const boot = { nonce: 'abc', textContent: 'import("/assets/entry.client-1.js");', replaceWith: (m: { attrs: Record<string, string>; text: string }) => added.push({ tag: 'script', attrs: m.attrs, text: m.text }) };
    const element = (tag: string) => {
      const attrs: Record<string, string> = {};
      return {
        attrs,
        set rel(v: string) { attrs.rel = v; },
        set href(v: string) { attrs.href = v; },
        set type(v: string) { attrs.type = v; },
        set textContent(v: string) { (this as unknown as { text: string }).text = v; },
        setAttribute: (k: string, v: string) => (attrs[k] = v),
        tag,
      };
    };
    const document = { getElementById: (id: string) => (id === 'kk-boot' ? boot : null), createElement: element, head: { appendChild: (l: { attrs: Record<string, string> }) => added.push({ tag: 'link', attrs: l.attrs }) } };
    new Function('document', 'requestAnimationFrame', 'setTimeout', loader)(
      document,
      (f: () => void) => (frame = f),
      (f: () => void) => timers.push(f),
    );
    expect(added).toEqual([]);
    frame!();
    timers.forEach((t) => t());
    timers.splice(0).forEach((t) => t());
    expect(added).toEqual([
      { tag: 'link', attrs: { rel: 'modulepreload', href: '/assets/entry.client-1.js' } },
      { tag: 'link', attrs: { rel: 'modulepreload', href: '/assets/root-2.js' } },
      { tag: 'script', attrs: { type: 'module', nonce: 'abc' }, text: 'import("/assets/entry.client-1.js");' },
    ]);
  });
});
