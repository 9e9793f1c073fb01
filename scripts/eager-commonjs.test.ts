import { describe, expect, it } from 'vitest';
import { eagerCommonJs } from './eager-commonjs.ts';

// The shape of the framework chunk as rolldown renders it, before minifying.
const chunk = [
  'import { n as __toESM, t as __commonJSMin } from "./rolldown-runtime-!~{01H}~.js";',
  '',
  '// node_modules/react-dom/cjs/react-dom-client.production.js',
  'var require_react_dom_client_production = /* @__PURE__ */ __commonJSMin(((exports) => {',
  '\texports.createRoot = function () { return arguments.length; };',
  '}));',
  '// node_modules/react-dom/client.js',
  'var require_client = /* @__PURE__ */ __commonJSMin(((exports, module) => {',
  '\tmodule.exports = require_react_dom_client_production();',
  '}));',
  '// node_modules/cookie/dist/index.js',
  'var require_cookie = /* @__PURE__ */ __commonJSMin(((exports) => {',
  '\texports.parse = 1;',
  '}));',
  'var client = require_client();',
  'export { client, require_cookie };',
].join('\n');

/** Runs a chunk with a CommonJS runtime like rolldown's: returns React DOM's client exports. */
const run = (code: string) =>
  new Function(
    '__commonJSMin',
    `${code.replace(/^import .*$/m, '').replace(/^export .*$/m, '')}\nreturn client;`,
  )((factory: (e: object, m: object) => void) => {
    let module: { exports: Record<string, unknown> } | undefined;
    return () => {
      if (!module) factory((module = { exports: {} }).exports, module);
      return module.exports;
    };
  });

describe('eagerCommonJs', () => {
  it("turns the wrappers of React's modules into parenthesized functions, and no other package's", () => {
    const eager = eagerCommonJs(chunk);
    expect(eager).toContain('__commonJSMin((function(exports) {\n\texports.createRoot');
    expect(eager).toContain('__commonJSMin((function(exports, module) {\n\tmodule.exports');
    expect(eager).toContain('// node_modules/cookie/dist/index.js\nvar require_cookie = /* @__PURE__ */ __commonJSMin(((exports) => {');
    expect(eager.split('(function(').length - 1).toBe(2);
    expect(chunk.split(') => {').length - eager.split(') => {').length).toBe(2);
  });

  it('changes nothing the modules export', () => {
    const before = run(chunk) as { createRoot: (...a: unknown[]) => number };
    const after = run(eagerCommonJs(chunk)) as { createRoot: (...a: unknown[]) => number };
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after.createRoot(1, 2)).toBe(before.createRoot(1, 2));
  });

  it("fails the build when React DOM's wrapper is not found (the bundler's output changed)", () => {
    expect(() => eagerCommonJs(chunk.replace('__commonJSMin(((exports) => {\n\texports.createRoot', '__commonJS(((exports) => {\n\texports.createRoot'))).toThrow(/ADR 051/);
  });
});
