import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// In development the CMS runs on its own port; in production it serves this build itself.
const cmsOrigin = process.env.CMS_ORIGIN || 'http://localhost:1337';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    // The site must bundle exactly one React, whatever the CMS workspace pulls in.
    dedupe: ['react', 'react-dom'],
    // The shared rulebook is bundled from its TypeScript sources (the CMS uses its compiled build).
    alias: { '@haic/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) },
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
        // The server renderer reads it to preload a page's chunk and CSS.
        manifest: true,
      },
}));
