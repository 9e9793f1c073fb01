import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/** The client build's scripts and styles, compressed once with brotli (best) and gzip 9 (served by server/precompressed.ts). */
function precompress(): Plugin {
  return {
    name: 'kiemkracht:precompress',
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
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  resolve: { tsconfigPaths: true },
  server: { hmr: { port: 24678 } },
});
