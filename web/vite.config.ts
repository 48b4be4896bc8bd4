import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// In development the CMS runs on its own port; in production it serves this build itself.
const cmsOrigin = process.env.CMS_ORIGIN || 'http://localhost:1337';

export default defineConfig({
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
  build: {
    target: 'es2020',
    sourcemap: false,
    assetsInlineLimit: 2048,
  },
});
