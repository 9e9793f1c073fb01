import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { COMPILE_HINT, chunksRunAtStart } from './scripts/compile-hints.ts';
import { eagerCommonJs } from './scripts/eager-commonjs.ts';
import { quietRouteDiscovery } from './scripts/quiet-route-discovery.ts';

// First-load JS budget (ADR 027): every page loads the root route and what it imports statically. As one
// `shell` chunk (and React + React Router as one `framework` chunk) that is about 6 KB gzip less than as
// thirty small shared chunks (per-file gzip overhead, import/export lists). The set is filled at buildEnd.
const shell = new Set<string>();
const framework = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
const shellChunk: Plugin = {
  name: 'kiemkracht-shell-chunk',
  apply: 'build',
  applyToEnvironment: (env) => env.name === 'client',
  buildEnd() {
    const root = [...this.getModuleIds()].find((id) => /[\\/]app[\\/]root\.tsx$/.test(id));
    const todo = root ? [root] : [];
    while (todo.length) {
      const id = todo.pop()!;
      if (shell.has(id)) continue;
      shell.add(id);
      const info = this.getModuleInfo(id);
      for (const dep of info?.importedIds ?? []) {
        // lucide-react's index imports every icon: follow only the icons this module names.
        if (!dep.endsWith('lucide-react.mjs')) todo.push(dep);
        else
          for (const m of (info?.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g))
            for (const name of m[1]!.split(',')) {
              const file = lucideIcons(dep).get(name.trim());
              if (file) todo.push(file);
            }
      }
    }
  },
};
let lucide: Map<string, string> | undefined;
function lucideIcons(barrel: string) {
  lucide ??= new Map();
  if (!lucide.size)
    for (const m of fs.readFileSync(barrel, 'utf8').matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g))
      for (const n of m[1]!.split(',')) lucide.set(n.trim().replace(/^default as /, ''), path.resolve(path.dirname(barrel), m[2]!));
  return lucide;
}

// Every lucide-react icon made by app/components/ui/icon.tsx instead of lucide-react's own component (ADR 044): the
// same picture as one <svg> element with its shapes as markup, cheaper to render and to hydrate. Only the
// build swaps it (the dev server uses lucide-react as it is); the build's server bundle includes lucide-react, so it
// holds the icons the shop uses rather than loading all of lucide's (some 30 MB of memory per process).
const iconComponent = path.resolve('app/components/ui/icon.tsx');
const iconSwap: Plugin = {
  name: 'kiemkracht-icons',
  apply: 'build',
  config: () => ({ ssr: { noExternal: ['lucide-react'] } }),
  transform(code, id) {
    if (!/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/.test(id) || !code.includes('createLucideIcon(')) return;
    const swapped = code.replace("from '../createLucideIcon.mjs'", `from ${JSON.stringify(iconComponent)}`);
    if (swapped === code) this.error(`lucide-react changed: ${id} does not import ../createLucideIcon.mjs`);
    return swapped;
  },
};

// React's CommonJS wrappers compiled with the framework chunk, not at their first call on the main thread (ADR 051).
const eagerFramework: Plugin = {
  name: 'kiemkracht-eager-framework',
  apply: 'build',
  applyToEnvironment: (env) => env.name === 'client',
  renderChunk(code, chunk) {
    if (chunk.name !== 'framework') return;
    try {
      return { code: eagerCommonJs(code), map: null };
    } catch (e) {
      this.error(`${chunk.fileName}: ${(e as Error).message}`);
    }
  },
};

// React Router without its re-render of the whole page after discovering the routes of the page's links (ADR 049).
const quietDiscovery: Plugin = {
  name: 'kiemkracht-quiet-route-discovery',
  apply: 'build',
  applyToEnvironment: (env) => env.name === 'client',
  transform(code, id) {
    if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return;
    try {
      const quiet = quietRouteDiscovery(code);
      return quiet === null ? undefined : { code: quiet, map: null };
    } catch (e) {
      this.error(`${id}: ${(e as Error).message}`);
    }
  },
};

// The chunks a page runs at start compiled with the script, off the main thread, not function by function at first call (ADR 052).
const compileHints: Plugin = {
  name: 'kiemkracht-compile-hints',
  apply: 'build',
  applyToEnvironment: (env) => env.name === 'client',
  // On the written files: Vite puts its preload map in front of a chunk's code after the other plugins have seen it,
  // and the hint has to be the file's first line. Before precompress (the next plugin) compresses them.
  writeBundle(options, bundle) {
    const names = chunksRunAtStart(bundle);
    // Every page runs the framework chunk: if it is not among them, the build's entries changed shape.
    if (![...names].some((name) => bundle[name]?.name === 'framework')) this.error('no chunk run at start imports the framework chunk (ADR 052)');
    for (const name of names) {
      const file = path.join(options.dir ?? 'build/client', name);
      fs.writeFileSync(file, COMPILE_HINT + fs.readFileSync(file, 'utf8'));
    }
  },
};

/** The client build's scripts and styles, compressed once with brotli (best) and gzip 9 (served by server/precompressed.ts). */
const precompress: Plugin = {
  name: 'kiemkracht-precompress',
  apply: 'build',
  applyToEnvironment: (env) => env.name === 'client',
  writeBundle(options) {
    const dir = path.join(options.dir ?? 'build/client', 'assets');
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (!/\.(js|css|svg)$/.test(name)) continue;
      const body = fs.readFileSync(path.join(dir, name));
      fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
      fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(body, { level: 9 }));
    }
  },
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), iconSwap, quietDiscovery, eagerFramework, shellChunk, compileHints, precompress],
  resolve: { tsconfigPaths: true },
  server: { hmr: { port: 24678 } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: framework, priority: 2 },
                { name: 'shell', test: (id: string) => shell.has(id), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
