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
  },
});
