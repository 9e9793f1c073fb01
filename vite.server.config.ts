import { defineConfig } from 'vite';

// The Express server (server/index.ts and the app modules it imports) compiled to plain JavaScript, so
// `npm start` runs without a TypeScript loader. Packages stay external, loaded from node_modules.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    ssr: 'server/index.ts',
    outDir: 'build/runtime',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
  },
  publicDir: false,
  logLevel: 'warn',
});
