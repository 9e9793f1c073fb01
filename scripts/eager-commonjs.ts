// ADR 051. React, React DOM and the scheduler ship as CommonJS. The bundler wraps each such module in an arrow
// function that runs at its first `require`; V8 compiles a function only when it is first called, so on a phone the
// whole of React DOM (~180 KB of code) is parsed a second time and compiled on the main thread, inside the one task
// that evaluates the page's modules. A function expression in parentheses is V8's hint to compile it with the script
// (off the main thread for a module Chrome streams): so the framework chunk gets `(function(exports) {` there instead.
// None of these files uses `this` or `arguments` at its top level, where an arrow and a function would differ.

// As rolldown prints it before minifying: the module's path as a comment, then its wrapper.
const FACTORY = /(\/\/ node_modules\/(?:react|react-dom|scheduler)\/[^\n]*\nvar [\w$]+ = \/\* @__PURE__ \*\/ __commonJSMin\()\(\(([\w$, ]*)\) => \{/g;

/** The framework chunk with React's CommonJS factories as parenthesized functions; throws when the bundler's output changed. */
export function eagerCommonJs(code: string): string {
  const paths: string[] = [];
  const eager = code.replace(FACTORY, (_match, head: string, params: string) => {
    paths.push(head.slice(0, head.indexOf('\n')));
    return `${head}(function(${params}) {`;
  });
  if (!paths.some((p) => p.includes('react-dom/cjs/react-dom-client.production.js')))
    throw new Error("the framework chunk has no wrapper of React DOM's client in the expected shape: the bundler's output changed (ADR 051)");
  return eager;
}
