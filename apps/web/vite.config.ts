import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import rootPackage from '../../package.json' with { type: 'json' };

const API_TARGET = 'http://localhost:3000';
const proxied = ['/api', '/p', '/dev', '/metrics'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The built-in version is compared with GET /api/version to offer "Update Ready".
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The budget check (scripts/check-bundle.mjs) reads which chunks each route loads from here.
    manifest: true,
    rolldownOptions: {
      output: {
        // Chunks are named by their hash alone: the route table carries every lazy route's dependency list, and
        // shorter names kept the first load within its budget when React Router 8 added 1 KB (the manifest and
        // the source maps still name each chunk).
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            {
              // The libraries every page starts with, in one chunk: one download, compressed as a whole. Only
              // the parts the first load uses ($initial): what only some pages use stays with those pages.
              name: 'framework',
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|use-sync-external-store)[\\/]/,
            },
            {
              // The app's own first-load modules (shell, API client, first strings, shared rules) likewise.
              name: 'shell',
              tags: ['$initial'],
              test: /apps[\\/]web[\\/]src|packages[\\/]shared|node_modules[\\/](lucide-react|clsx)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
