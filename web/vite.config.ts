import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// Text files worth compressing; pictures and videos are compressed already.
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each built text file. The CMS serves
 * them as they are (koa-send picks file.br or file.gz by Accept-Encoding): smaller than compressing
 * on the fly at a fast level, and no compression work per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'haic-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir).filter((name) => COMPRESSIBLE.test(name))) {
        const content = fs.readFileSync(file);
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * React Router 7's package exports name only its development build (dev warnings and checks on, more
 * code to run on every page). Builds take its production build from the same package instead; both
 * entries point at it, so react-router-dom's re-exports and the DOM entry share one copy.
 */
function reactRouterProductionBuild() {
  const fromReactRouterDom = createRequire(createRequire(import.meta.url).resolve('react-router-dom/package.json'));
  const dist = path.join(path.dirname(fromReactRouterDom.resolve('react-router/package.json')), 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

// In development the CMS runs on its own port; in production it serves this build itself.
const cmsOrigin = process.env.CMS_ORIGIN || 'http://localhost:1337';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve: {
    // The site must bundle exactly one React, whatever the CMS workspace pulls in.
    dedupe: ['react', 'react-dom'],
    // The shared rulebook is bundled from its TypeScript sources (the CMS uses its compiled build).
    alias: [
      { find: '@haic/contract', replacement: fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) },
      ...(command === 'build' ? reactRouterProductionBuild() : []),
    ],
  },
  server: {
    proxy: {
      '/api': cmsOrigin,
      '/graphql': cmsOrigin,
      '/uploads': cmsOrigin,
      '/cms': cmsOrigin,
    },
  },
  // The server renderer is one self-contained CommonJS file the CMS requires: it needs no
  // node_modules of its own (the CMS workspace has another react-router for Strapi's panel).
  ssr: { noExternal: true, target: 'node' },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? {
        target: 'node20',
        copyPublicDir: false,
        sourcemap: false,
        rollupOptions: { output: { format: 'cjs', entryFileNames: 'entry-server.cjs', inlineDynamicImports: true } },
      }
    : {
        target: 'es2020',
        sourcemap: false,
        assetsInlineLimit: 2048,
        // The server renderer reads both to find a page's chunks and CSS: the SSR manifest names the chunk
        // each source module ended up in, the manifest the chunks each chunk imports.
        manifest: true,
        ssrManifest: true,
      },
}));
