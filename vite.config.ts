import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { iconSwap } from './scripts/patches/lucide-icons.ts';

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

/**
 * Inlining small shared chunks (below) needs `preserveEntrySignatures: false`, under which the bundler may drop an
 * entry's exports that nothing imports: every route module's (React Router imports them by URL at run time). Each
 * entry is emitted again with its own signature kept, which wins over the global setting.
 */
const keepEntryExports: Plugin = {
  name: 'kiemkracht-keep-entry-exports',
  apply: 'build',
  applyToEnvironment: (env) => env.name === 'client',
  buildStart(options) {
    const input = options.input;
    const ids = Array.isArray(input) ? input : typeof input === 'string' ? [input] : Object.values(input ?? {});
    for (const id of ids) this.emitFile({ type: 'chunk', id, preserveSignature: 'exports-only' });
  },
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), iconSwap, shellChunk, precompress, keepEntryExports],
  resolve: { tsconfigPaths: true },
  server: { hmr: { port: 24678 } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              // Shared chunks under 16 KB of source are copied into the chunks that use them (one module state
              // still, through the runtime chunk's registry): a page loads 6-7 scripts instead of 20-29, which
              // over HTTP/1.1's six connections on a phone's link held back its first paint; first loads stay within
              // ±2 KB, a visit's next pages fetch 8-20 % more (ADR 079). The back office's shared code stays in
              // files: its staff move through many pages that share it.
              experimentalInlineCommonChunks: { maxSize: 16_000, exclude: [/\.css(\?|$)/, /[\\/]backoffice[\\/]/] },
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
